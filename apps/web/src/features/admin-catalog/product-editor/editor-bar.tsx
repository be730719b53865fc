import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';

/** What a section of the product page hands the save bar (issue 40, item 12: one Discard/Save for the page). */
export interface EditorSection {
  /** Whether the section holds changes the server does not have. */
  dirty: boolean;
  /** Why Save must wait ("Generate the variants to save the new options."), or null. */
  blocked: string | null;
  /** Saving or uploading: the bar's buttons wait. */
  busy: boolean;
  /** Sends the section's changes; resolves false when refused (the section's toast said why). */
  save: () => Promise<boolean>;
  /** Goes back to what was loaded or last saved. */
  discard: () => void;
}

/** The sections in the order Save sends them: the product's own fields first, the variants (stock) last. */
export const SECTION_ORDER = ['details', 'photos', 'variants'] as const;
export type SectionName = (typeof SECTION_ORDER)[number];

type Register = (name: SectionName, section: EditorSection | null) => void;
const RegisterContext = createContext<Register>(() => undefined);

/** Hands the section's current state and actions to the page's save bar (after every render). */
export function useEditorSection(name: SectionName, section: EditorSection): void {
  const register = useContext(RegisterContext);
  useEffect(() => register(name, section));
  useEffect(() => () => register(name, null), [name, register]);
}

/** What the bar shows of a section. */
type Status = Pick<EditorSection, 'dirty' | 'blocked' | 'busy'>;
const statusOf = (s: EditorSection | null): Status | null =>
  s && { dirty: s.dirty, blocked: s.blocked, busy: s.busy };
const sameStatus = (a: Status | undefined, b: Status | null) =>
  a !== undefined && b !== null && a.dirty === b.dirty && a.blocked === b.blocked && a.busy === b.busy;

/**
 * The product page's sections and its one save bar: `children` (the sections) register with useEditorSection; the
 * bar, sticky at the bottom of the window while the page scrolls, says whether anything is unsaved and offers
 * Discard and Save. Save sends the changed sections in SECTION_ORDER and stops at the first refusal; one toast says
 * "Product saved". While anything is unsaved, leaving or reloading the page asks first (beforeunload).
 */
export function ProductEditorForm({ children }: { children: ReactNode }) {
  /** The sections' latest actions, read by the bar's handlers only. */
  const sections = useRef(new Map<SectionName, EditorSection>());
  const [statuses, setStatuses] = useState<Partial<Record<SectionName, Status>>>({});
  const [saving, setSaving] = useState(false);
  const register = useCallback<Register>((name, section) => {
    if (section) sections.current.set(name, section);
    else sections.current.delete(name);
    const status = statusOf(section);
    setStatuses((current) => {
      if (sameStatus(current[name], status)) return current;
      const next = { ...current };
      if (status) next[name] = status;
      else delete next[name];
      return next;
    });
  }, []);

  const all = SECTION_ORDER.flatMap((name) => statuses[name] ?? []);
  const dirty = all.some((s) => s.dirty);
  const busy = saving || all.some((s) => s.busy);
  const blocked = all.find((s) => s.dirty && s.blocked)?.blocked ?? null;

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  async function save() {
    setSaving(true);
    try {
      for (const name of SECTION_ORDER) {
        const section = sections.current.get(name);
        if (section?.dirty && !(await section.save())) return;
      }
      toast({ title: 'Product saved' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <RegisterContext.Provider value={register}>
      {children}
      <div
        role="region"
        aria-label="Save changes"
        className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-x-3 gap-y-2 border-t border-neutral-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur md:-mx-6 md:px-6"
      >
        {/* On the right with the buttons: from lg on the toasts sit bottom-left, over the bar's left end. */}
        <p className="min-w-0 flex-1 text-sm text-neutral-700 sm:flex-none sm:text-right" aria-live="polite">
          {saving ? 'Saving...' : (blocked ?? (dirty ? 'Unsaved changes' : 'All changes saved'))}
        </p>
        <Button
          variant="outline"
          className="h-11 sm:h-10"
          disabled={!dirty || busy}
          onClick={() => sections.current.forEach((s) => s.dirty && s.discard())}
        >
          Discard
        </Button>
        <Button
          className="h-11 sm:h-10"
          disabled={!dirty || busy || blocked !== null}
          onClick={() => void save()}
        >
          Save
        </Button>
      </div>
    </RegisterContext.Provider>
  );
}
