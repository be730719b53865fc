import { useEffect, useState } from 'react';
import { Laptop } from 'lucide-react';
import type { AccountSession } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api';
import { deleteSession, getSessions, revokeOtherSessions } from './account-api';
import { SettingsCard } from './settings-card';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/**
 * Active sessions (issue 25): device, address, signed in, last seen; "This device" marks the caller's. "Sign out"
 * ends one; "Sign out everywhere else" ends all but this one; either reads the list again at once, as does a new
 * `refresh` value (the page's password change, which signs the other devices out: issue 40, item 11).
 */
export function SessionsList({ refresh = 0 }: { refresh?: number }) {
  const [list, setList] = useState<AccountSession[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Bumped after a sign-out, to read the list again.
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    getSessions().then(
      (data) => {
        if (!live) return;
        setList(data);
        setFailed(null);
      },
      (error: unknown) => {
        if (live) setFailed(errorMessage(error, 'Could not load your sessions.'));
      },
    );
    return () => {
      live = false;
    };
  }, [version, refresh]);

  async function run(work: () => Promise<{ message?: string }>, title: string) {
    setBusy(true);
    try {
      const answer = await work();
      toast({ title, description: answer.message });
      setVersion((v) => v + 1);
    } catch (error) {
      toast({
        title: 'Sign out failed',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  const others = list?.filter((s) => !s.current).length ?? 0;
  return (
    <SettingsCard
      id="sessions-heading"
      title="Active sessions"
      description="The devices signed in to your account. Sign out any you do not recognise."
    >
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          {failed}
        </p>
      ) : null}
      {list === null && !failed ? <p className="text-sm text-neutral-600">Loading sessions...</p> : null}
      {list ? (
        <ul className="divide-y divide-neutral-200" aria-label="Active sessions">
          {list.map((s) => (
            <li key={s._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 items-start gap-3">
                <Laptop className="mt-0.5 h-5 w-5 shrink-0 text-neutral-500" aria-hidden="true" />
                <div className="min-w-0 text-sm">
                  <p className="font-medium break-words">
                    {s.device}
                    {s.current ? (
                      <span className="ml-2 rounded bg-green-100 px-1.5 py-0.5 text-xs text-green-800">
                        This device
                      </span>
                    ) : null}
                  </p>
                  <p className="break-words text-neutral-600">
                    {s.ip ?? 'Unknown address'} · Signed in {when(s.createdAt)} · Last seen{' '}
                    {when(s.lastSeenAt)}
                  </p>
                </div>
              </div>
              {s.current ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  className="h-11 lg:h-9"
                  disabled={busy}
                  aria-label={`Sign out ${s.device}`}
                  onClick={() => void run(() => deleteSession(s._id), 'Signed out')}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <Button
        variant="secondary"
        className="h-11 lg:h-10"
        disabled={busy || others === 0}
        onClick={() => void run(revokeOtherSessions, 'Signed out everywhere else')}
      >
        Sign out everywhere else
      </Button>
    </SettingsCard>
  );
}
