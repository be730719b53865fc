import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

/**
 * Asks before a destructive admin action (deleting a product or a feature image cannot be undone). Cancel, Escape
 * or the close button leave everything as it was; the confirm button runs `onConfirm` and stays disabled until it
 * settles, so a double click deletes once.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !o && !busy && onCancel()}>
      <DialogContent role="alertdialog">
        <DialogTitle className="pr-8 text-lg font-bold break-words">{title}</DialogTitle>
        <DialogDescription className="mt-2 break-words text-neutral-600">{description}</DialogDescription>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="outline" className="h-11 sm:h-10" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            className="h-11 sm:h-10"
            disabled={busy}
            onClick={() => void confirm()}
          >
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
