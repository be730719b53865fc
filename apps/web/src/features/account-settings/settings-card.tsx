import type { ReactNode } from 'react';

/** One titled section of the Settings tab. */
export function SettingsCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-3 rounded-xl border border-neutral-200 p-4">
      <div className="space-y-1">
        <h3 id={id} className="text-lg font-semibold">
          {title}
        </h3>
        {description ? <p className="text-sm text-neutral-600">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** A short result line under a form: an error (alert) or a confirmation (status). */
export function FormNote({ note }: { note: { kind: 'error' | 'ok'; text: string } | null }) {
  if (!note) return null;
  return note.kind === 'error' ? (
    <p role="alert" className="text-sm text-red-700">
      {note.text}
    </p>
  ) : (
    <p role="status" className="text-sm text-green-700">
      {note.text}
    </p>
  );
}

export type Note = { kind: 'error' | 'ok'; text: string } | null;
