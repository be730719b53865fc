import { useRef, useState, type DragEvent } from 'react';
import { ImageUp, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { uploadImage } from '@/lib/admin/admin-api';

interface ImageUploadProps {
  /** The uploaded image's URL ('' when none). */
  url: string;
  onUploaded: (url: string) => void;
  /** Reports whether an upload is running (callers disable their submit meanwhile). */
  onLoadingChange?: (loading: boolean) => void;
  disabled?: boolean;
  label?: string;
}

/**
 * Image upload control (spec §4 Products (admin)): choosing or dropping a file starts the upload at once with a
 * loading placeholder; the returned url is kept; a remove button clears it; a failure shows its toast.
 */
export function ImageUpload({
  url,
  onUploaded,
  onLoadingChange,
  disabled,
  label = 'Upload Image',
}: ImageUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState('');
  const [loading, setLoading] = useState(false);
  const [dragging, setDragging] = useState(false);

  async function start(file: File | undefined) {
    if (!file || disabled) return;
    setFileName(file.name);
    setLoading(true);
    onLoadingChange?.(true);
    try {
      onUploaded(await uploadImage(file));
    } catch (error) {
      setFileName('');
      onUploaded('');
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to upload image'),
        variant: 'destructive',
      });
    } finally {
      setLoading(false);
      onLoadingChange?.(false);
      if (input.current) input.current.value = '';
    }
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void start(event.dataTransfer.files[0]);
  }

  return (
    <div className="space-y-2">
      <p className="text-sm font-medium">{label}</p>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={cn(
          'rounded-xl border-2 border-dashed p-4',
          dragging ? 'border-neutral-900 bg-neutral-50' : 'border-neutral-300',
          disabled && 'opacity-60',
        )}
      >
        <input
          ref={input}
          id="image-upload"
          aria-label={label}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          className="sr-only"
          disabled={disabled}
          onChange={(e) => void start(e.target.files?.[0])}
        />
        {loading ? (
          <Skeleton data-testid="upload-loading" className="h-10 w-full" />
        ) : url ? (
          <div className="flex items-center gap-3">
            <img src={url} alt="Uploaded" width={48} height={48} className="h-12 w-12 rounded object-cover" />
            <span className="min-w-0 flex-1 truncate text-sm">{fileName || 'Image uploaded'}</span>
            {!disabled && (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label="Remove File"
                onClick={() => {
                  setFileName('');
                  onUploaded('');
                }}
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </Button>
            )}
          </div>
        ) : (
          <label
            htmlFor="image-upload"
            className={cn(
              'flex cursor-pointer flex-col items-center gap-2 py-4 text-sm text-neutral-600',
              disabled && 'cursor-not-allowed',
            )}
          >
            <ImageUp className="h-8 w-8" aria-hidden="true" />
            Drag & drop or click to upload image
          </label>
        )}
      </div>
    </div>
  );
}
