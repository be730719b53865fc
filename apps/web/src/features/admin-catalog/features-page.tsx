import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { adminApi } from '@/lib/admin/admin-api';
import { fetchFeatureImages, selectAdminFeatureImages } from '@/app/admin-slices';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { ImageUpload } from './image-upload';

/**
 * Feature images (spec §2, §5, §8): Upload Feature Image (enabled once an upload finished with a url), the list of
 * 200 × 200 tiles with Delete (asked first in a dialog), No feature images uploaded yet, and the toasts.
 */
export function AdminFeaturesPage() {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectAdminFeatureImages);
  const [url, setUrl] = useState('');
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  /** The image whose Delete was pressed, waiting for the admin to confirm. */
  const [deleting, setDeleting] = useState<string | null>(null);

  useEffect(() => {
    void dispatch(fetchFeatureImages());
  }, [dispatch]);

  async function save() {
    setSaving(true);
    try {
      await adminApi.addFeature(url);
      toast({ title: 'Feature Image Uploaded Successfully' });
      setUrl('');
      await dispatch(fetchFeatureImages());
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to upload image'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  async function remove(id: string) {
    try {
      await adminApi.deleteFeature(id);
      setDeleting(null);
      toast({ title: 'Feature Image Deleted Successfully' });
      await dispatch(fetchFeatureImages());
    } catch (error) {
      // Spec §8: a failed feature image delete is only logged.
      console.error('Feature image delete failed', errorMessage(error, ''));
      setDeleting(null);
    }
  }

  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">Feature Images</h1>
      <div className="max-w-xl space-y-3 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm">
        <ImageUpload
          url={url}
          onUploaded={setUrl}
          onLoadingChange={setUploading}
          label="Upload Feature Image"
        />
        <Button className="w-full" disabled={uploading || saving || !url} onClick={() => void save()}>
          Upload
        </Button>
      </div>
      {list.length === 0 ? (
        <p className="text-neutral-600">No feature images uploaded yet</p>
      ) : (
        <ul className="flex flex-wrap gap-4">
          {list.map((f) => (
            <li
              key={f._id}
              data-testid="feature-tile"
              className="relative h-[200px] w-[200px] overflow-hidden rounded-xl border border-neutral-200 bg-white"
            >
              <img
                src={f.image}
                alt="Feature"
                width={200}
                height={200}
                className="h-full w-full object-cover"
              />
              <Button
                size="sm"
                variant="destructive"
                className="absolute right-2 bottom-2 h-11 sm:h-9"
                onClick={() => setDeleting(f._id)}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this feature image?"
        description="It is removed from the home page carousel for good."
        confirmLabel="Delete Image"
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
