import { useRef } from 'react';
import { ArrowLeft, ArrowRight, Trash2 } from 'lucide-react';
import { imageSrcSet, LIMITS } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/** A photo on the admin's product page: `key` is what is sent back (the stored key, or a new upload's URL). */
export interface Photo {
  id: number;
  key: string;
  image: string;
  alt: string;
}

interface PhotoCardProps {
  photo: Photo;
  /** 1-based place in the gallery. */
  position: number;
  count: number;
  /** The product's title: what a photo without alt text is described as. */
  title: string;
  disabled: boolean;
  onAlt: (alt: string) => void;
  onMove: (by: -1 | 1) => void;
  onReplace: (file: File | undefined) => void;
  onRemove: () => void;
}

/**
 * One photo of the gallery being edited: thumbnail, alt text, Move left/right, Replace and Remove, each button named
 * after the photo's position ("Move photo 2 left"); on a phone the buttons take the card's width under the photo.
 */
export function PhotoCard({
  photo,
  position,
  count,
  title,
  disabled,
  onAlt,
  onMove,
  onReplace,
  onRemove,
}: PhotoCardProps) {
  const file = useRef<HTMLInputElement>(null);
  const altId = `photo-alt-${photo.id}`;
  const name = `photo ${position}`;
  const tall = 'h-11 sm:h-9';
  return (
    <li
      data-photo={photo.id}
      data-testid="gallery-photo"
      className="grid grid-cols-[96px_minmax(0,1fr)] gap-3 rounded-xl border border-neutral-200 p-3 sm:grid-cols-[128px_minmax(0,1fr)]"
    >
      <img
        src={photo.image}
        srcSet={imageSrcSet(photo.image)}
        sizes="128px"
        alt={photo.alt || title}
        width={128}
        height={128}
        loading="lazy"
        className="aspect-square w-full self-start rounded-lg bg-neutral-100 object-cover sm:row-span-2"
      />
      <div className="min-w-0 space-y-2">
        <p className="text-sm font-semibold">
          Photo {position}
          {position === 1 && <span className="font-normal text-neutral-600"> · Main image</span>}
        </p>
        <div className="space-y-1">
          <label htmlFor={altId} className="text-sm font-medium text-neutral-800">
            Alt text<span className="sr-only"> for {name}</span>
          </label>
          <Input
            id={altId}
            value={photo.alt}
            maxLength={LIMITS.imageAlt.max}
            placeholder={title}
            onChange={(e) => onAlt(e.target.value)}
          />
        </div>
      </div>
      {/* On a phone the buttons take the card's whole width, under the photo. */}
      <div className="col-span-2 space-y-2 sm:col-span-1">
        <div className="flex flex-wrap gap-1.5 sm:gap-2">
          <Button
            size="icon"
            variant="outline"
            className={`${tall} w-11 sm:w-9`}
            data-control="left"
            aria-label={`Move ${name} left`}
            disabled={disabled || position === 1}
            onClick={() => onMove(-1)}
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button
            size="icon"
            variant="outline"
            className={`${tall} w-11 sm:w-9`}
            data-control="right"
            aria-label={`Move ${name} right`}
            disabled={disabled || position === count}
            onClick={() => onMove(1)}
          >
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button
            size="sm"
            variant="outline"
            className={tall}
            aria-label={`Replace ${name}`}
            disabled={disabled}
            onClick={() => file.current?.click()}
          >
            Replace
          </Button>
          <input
            ref={file}
            type="file"
            hidden
            data-testid={`replace-file-${position}`}
            accept="image/jpeg,image/png,image/webp,image/avif"
            onChange={(e) => {
              onReplace(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button
            size="sm"
            variant="outline"
            className={`${tall} text-red-700`}
            data-control="remove"
            aria-label={`Remove ${name}`}
            disabled={disabled || count === 1}
            onClick={onRemove}
          >
            <Trash2 className="hidden h-4 w-4 sm:block" aria-hidden="true" />
            Remove
          </Button>
        </div>
        {count === 1 && <p className="text-xs text-neutral-600">A product needs at least one photo.</p>}
      </div>
    </li>
  );
}
