import { useEffect, useRef, useState } from 'react';
import { LIMITS, type AdminProductImage, type ProductDetails } from '@emporium/contract';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api';
import { useEditorSection } from './editor-bar';
import { PhotoCard, type Photo } from './photo-card';
import { productEditorApi } from './product-editor-api';
import type { ProductEditorTools } from './product-editor-page';

const MAX_PHOTOS = LIMITS.productImages.max;

let nextPhotoId = 1;
const toPhoto = (p: Pick<AdminProductImage, 'key' | 'image' | 'alt'>): Photo => ({ id: nextPhotoId++, ...p });
/** What a save would send, to tell whether anything changed since the last load or save. */
const sent = (photos: Photo[]) => JSON.stringify(photos.map((p) => [p.key, p.alt.trim()]));

/** Where the keyboard focus goes after a move or a removal, found once the list has re-rendered. */
type FocusTarget = { photoId: number; control: 'left' | 'right' | 'remove' } | { control: 'add' };

/**
 * The product's photos (issue 28): thumbnails in gallery order with alt text inputs, Move left/right, Replace and
 * Remove per photo and Add photo (up to LIMITS.productImages); the page's save bar replaces the gallery on the
 * server (and Discard goes back to it). The first photo is the product's image in the shop. Buttons name the photo's position ("Move photo 2
 * left"); moves and removals are announced and keep the keyboard focus on the photo.
 */
export function PhotosSection({
  product,
  tools,
  onSaved,
}: {
  product: ProductDetails;
  tools: ProductEditorTools;
  /** Called after a save (the product's version moved). */
  onSaved: () => void;
}) {
  const { ImageUpload } = tools;
  const [photos, setPhotos] = useState<Photo[] | null>(null);
  const [saved, setSaved] = useState<Photo[]>([]);
  const [uploads, setUploads] = useState(0);
  const [saving, setSaving] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const focusNext = useRef<FocusTarget | null>(null);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    let live = true;
    productEditorApi.gallery(product._id).then(
      ({ data }) => {
        if (!live) return;
        const loaded = data.map(toPhoto);
        setPhotos(loaded);
        setSaved(loaded);
      },
      (error: unknown) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to load the photos'),
          variant: 'destructive',
        }),
    );
    return () => {
      live = false;
    };
  }, [product._id]);

  // After a move or a removal has re-rendered the list, the focus goes where `focusNext` says.
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (!target) return;
    if (target.control === 'add') {
      document.getElementById('photos-add')?.focus();
      return;
    }
    const card = list.current?.querySelector(`[data-photo="${target.photoId}"]`);
    const pressed = card?.querySelector<HTMLButtonElement>(`[data-control="${target.control}"]`);
    // A move to either end disables the arrow that was pressed: the photo's first enabled button takes the focus.
    (pressed && !pressed.disabled
      ? pressed
      : card?.querySelector<HTMLElement>('button:not(:disabled)')
    )?.focus();
  }, [photos]);

  const dirty = photos !== null && sent(photos) !== sent(saved);
  const busy = uploads > 0 || saving;

  async function save(): Promise<boolean> {
    setSaving(true);
    try {
      const answer = await productEditorApi.saveGallery(
        product._id,
        (photos ?? []).map((p) => ({ image: p.key, alt: p.alt.trim() })),
      );
      const stored = answer.data.map(toPhoto);
      setPhotos(stored);
      setSaved(stored);
      onSaved();
      return true;
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to save the photos'),
        variant: 'destructive',
      });
      return false;
    } finally {
      setSaving(false);
    }
  }

  useEditorSection('photos', { dirty, blocked: null, busy, save, discard: () => setPhotos(saved) });

  if (photos === null) {
    return (
      <section aria-labelledby="photos-heading" className="space-y-3">
        <h2 id="photos-heading" className="text-lg font-semibold">
          Photos
        </h2>
        <p className="text-neutral-600" role="status">
          Loading photos...
        </p>
      </section>
    );
  }

  const trackUpload = (loading: boolean) => setUploads((n) => n + (loading ? 1 : -1));

  function move(index: number, by: -1 | 1) {
    const next = [...photos!];
    const [photo] = next.splice(index, 1);
    next.splice(index + by, 0, photo!);
    setPhotos(next);
    setAnnouncement(`Photo ${index + 1} moved to position ${index + 1 + by}.`);
    focusNext.current = { photoId: photo!.id, control: by < 0 ? 'left' : 'right' };
  }

  function remove(index: number) {
    const next = photos!.filter((_, i) => i !== index);
    setPhotos(next);
    setAnnouncement(`Photo ${index + 1} removed.`);
    const neighbour = next[index] ?? next[index - 1];
    focusNext.current = neighbour ? { photoId: neighbour.id, control: 'remove' } : { control: 'add' };
  }

  async function replace(index: number, file: File | undefined) {
    if (!file) return;
    const photoId = photos![index]!.id;
    trackUpload(true);
    try {
      const url = await tools.uploadImage(file);
      setPhotos((current) =>
        (current ?? []).map((p) => (p.id === photoId ? { ...p, key: url, image: url } : p)),
      );
      setAnnouncement(`Photo ${index + 1} replaced.`);
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to upload image'),
        variant: 'destructive',
      });
    } finally {
      trackUpload(false);
    }
  }

  function add(url: string) {
    if (!url) return;
    setPhotos((current) => [...(current ?? []), toPhoto({ key: url, image: url, alt: '' })]);
    setAnnouncement('Photo added.');
  }

  return (
    <section
      aria-labelledby="photos-heading"
      className="space-y-4 rounded-2xl border border-neutral-200 bg-white p-3 shadow-sm md:p-4"
    >
      <div>
        <h2 id="photos-heading" className="text-lg font-semibold">
          Photos
        </h2>
        <p className="text-sm text-neutral-600">
          Up to {MAX_PHOTOS} photos. The first is the product&apos;s image in the shop and its lists.
        </p>
      </div>
      <p className="sr-only" role="status">
        {announcement}
      </p>
      <ol ref={list} aria-label="Photos in gallery order" className="grid gap-3 lg:grid-cols-2">
        {photos.map((photo, index) => (
          <PhotoCard
            key={photo.id}
            photo={photo}
            position={index + 1}
            count={photos.length}
            title={product.title}
            disabled={busy}
            onAlt={(alt) => setPhotos(photos.map((p) => (p.id === photo.id ? { ...p, alt } : p)))}
            onMove={(by) => move(index, by)}
            onReplace={(file) => void replace(index, file)}
            onRemove={() => remove(index)}
          />
        ))}
      </ol>
      <div id="photos-add" tabIndex={-1} className="max-w-md outline-none">
        <ImageUpload
          url=""
          label="Add photo"
          onUploaded={add}
          onLoadingChange={trackUpload}
          disabled={photos.length >= MAX_PHOTOS || saving}
        />
        {photos.length >= MAX_PHOTOS && (
          <p className="mt-1 text-sm text-neutral-600">The gallery is full: remove a photo to add another.</p>
        )}
      </div>
    </section>
  );
}
