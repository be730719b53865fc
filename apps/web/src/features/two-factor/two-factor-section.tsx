import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { LIMITS, type TwoFactorSetupResponse, type TwoFactorStatusResponse } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api';
import {
  announceTwoFactorChange,
  getTwoFactorStatus,
  postRecoveryCodes,
  postTwoFactorDisable,
  postTwoFactorEnable,
  postTwoFactorSetup,
} from './two-factor-api';

type Note = { kind: 'error' | 'ok'; text: string } | null;

function NoteLine({ note }: { note: Note }) {
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

/** A labelled field of the forms below. */
function Field(props: {
  label: string;
  type?: 'password' | 'code';
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const code = props.type === 'code';
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{props.label}</Label>
      <Input
        id={id}
        type={code ? 'text' : 'password'}
        inputMode={code ? 'numeric' : undefined}
        autoComplete={code ? 'one-time-code' : 'current-password'}
        maxLength={code ? 10 : LIMITS.password.max}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        className={code ? 'max-w-40 tracking-widest' : undefined}
      />
    </div>
  );
}

/** Runs `work` with a busy flag, turning a refusal into the form's error line. */
function useSubmit(): [boolean, Note, (work: () => Promise<void>) => Promise<void>, (n: Note) => void] {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    setNote(null);
    try {
      await work();
    } catch (error) {
      setNote({ kind: 'error', text: errorMessage(error, 'Something went wrong. Please try again.') });
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, note, run, setNote];
}

/** The recovery codes, shown once, with Copy and Download. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Emporium recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Recovery codes copied' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the codes and copy them by hand.' });
    }
  }
  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'emporium-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }
  return (
    <div className="space-y-3">
      <h4 className="font-semibold">Save your recovery codes</h4>
      <p className="text-sm text-neutral-600">
        Each code signs you in once if you lose your phone. They are shown only now: keep them somewhere safe.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-1 rounded-lg bg-neutral-100 p-3 font-mono text-sm min-[360px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="outline" onClick={download}>
          Download
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

/** Enrolment: password, then the QR code and manual key, then the first code. */
function Enrolment({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const [password, setPassword] = useState('');
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [code, setCode] = useState('');
  const [busy, note, run] = useSubmit();

  const start = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setSetup(await postTwoFactorSetup({ password }));
      setPassword('');
    });
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await postTwoFactorEnable({ code });
      toast({ title: 'Two-factor sign-in is on' });
      onEnabled(answer.recoveryCodes);
    });
  };

  if (!setup) {
    return (
      <form onSubmit={start} className="grid max-w-md gap-3">
        <Field label="Current password" type="password" value={password} onChange={setPassword} />
        <NoteLine note={note} />
        <Button type="submit" disabled={busy || !password} className="justify-self-start">
          Set up two-factor sign-in
        </Button>
      </form>
    );
  }
  return (
    <form onSubmit={confirm} className="grid max-w-md min-w-0 gap-3">
      <p className="text-sm text-neutral-700">
        Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy…).
      </p>
      <img
        src={setup.qrCode}
        alt="QR code to add your Emporium account to an authenticator app"
        width={192}
        height={192}
        className="h-48 w-48 rounded-lg border border-neutral-200 bg-white"
      />
      <div className="min-w-0 space-y-1">
        <p className="text-sm text-neutral-700">Can&apos;t scan it? Enter this key in the app instead:</p>
        <code
          data-testid="two-factor-manual-key"
          className="block rounded-lg bg-neutral-100 p-2 font-mono text-sm break-all"
        >
          {setup.manualKey}
        </code>
      </div>
      <Field
        label="Enter the 6-digit code from your authenticator app"
        type="code"
        value={code}
        onChange={setCode}
      />
      <NoteLine note={note} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || !code}>
          Turn on
        </Button>
        <Button variant="outline" onClick={() => setSetup(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** While it is on: new recovery codes, and turning it off. */
function Enabled({
  status,
  onCodes,
  onDisabled,
}: {
  status: TwoFactorStatusResponse;
  onCodes: (codes: string[]) => void;
  onDisabled: () => void;
}) {
  const [regenCode, setRegenCode] = useState('');
  const [password, setPassword] = useState('');
  const [offCode, setOffCode] = useState('');
  const [regenBusy, regenNote, runRegen] = useSubmit();
  const [offBusy, offNote, runOff] = useSubmit();

  const regenerate = (event: FormEvent) => {
    event.preventDefault();
    void runRegen(async () => onCodes((await postRecoveryCodes({ code: regenCode })).recoveryCodes));
  };
  const disable = (event: FormEvent) => {
    event.preventDefault();
    void runOff(async () => {
      await postTwoFactorDisable({ password, code: offCode });
      toast({ title: 'Two-factor sign-in is off' });
      onDisabled();
    });
  };
  return (
    <div className="space-y-4">
      <p role="status" className="text-sm text-green-800">
        Two-factor sign-in is on. {status.recoveryCodesLeft} of 10 recovery codes left.
      </p>
      <form onSubmit={regenerate} className="grid max-w-md gap-3" aria-label="New recovery codes">
        <h4 className="font-semibold">New recovery codes</h4>
        <Field
          label="Code from your authenticator app"
          type="code"
          value={regenCode}
          onChange={setRegenCode}
        />
        <NoteLine note={regenNote} />
        <Button
          type="submit"
          variant="outline"
          disabled={regenBusy || !regenCode}
          className="justify-self-start"
        >
          Get new recovery codes
        </Button>
      </form>
      <form onSubmit={disable} className="grid max-w-md gap-3" aria-label="Turn off two-factor sign-in">
        <h4 className="font-semibold">Turn off</h4>
        <Field label="Current password" type="password" value={password} onChange={setPassword} />
        <Field label="Code from your authenticator app" type="code" value={offCode} onChange={setOffCode} />
        <NoteLine note={offNote} />
        <Button
          type="submit"
          variant="destructive"
          disabled={offBusy || !password || !offCode}
          className="justify-self-start"
        >
          Turn off two-factor sign-in
        </Button>
      </form>
    </div>
  );
}

/**
 * "Two-factor sign-in" (issue 25): set-up by QR code or key confirmed with a code, the recovery codes shown once,
 * new codes and turning it off. Used on the admin Security page and in the account's Settings tab.
 */
export function TwoFactorSection() {
  const [status, setStatus] = useState<TwoFactorStatusResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(() => {
    getTwoFactorStatus()
      .then(setStatus)
      .catch((error: unknown) => setLoadError(errorMessage(error, 'Could not load two-factor sign-in.')));
  }, []);
  useEffect(load, [load]);

  let body: ReactNode;
  if (loadError) body = <NoteLine note={{ kind: 'error', text: loadError }} />;
  else if (!status) body = <p className="text-sm text-neutral-600">Loading...</p>;
  else if (codes)
    body = (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          load();
          announceTwoFactorChange();
        }}
      />
    );
  else if (status.enabled)
    body = (
      <Enabled
        status={status}
        onCodes={setCodes}
        onDisabled={() => {
          load();
          announceTwoFactorChange();
        }}
      />
    );
  else
    body = (
      <>
        {status.required ? (
          <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            Two-factor sign-in is required for admins. Set it up to use the admin area.
          </p>
        ) : null}
        <Enrolment
          onEnabled={(recovery) => {
            setCodes(recovery);
            load();
            announceTwoFactorChange();
          }}
        />
      </>
    );

  return (
    <section
      aria-labelledby="two-factor-heading"
      className="min-w-0 space-y-3 rounded-xl border border-neutral-200 bg-white p-4"
    >
      <div className="space-y-1">
        <h3 id="two-factor-heading" className="text-lg font-semibold">
          Two-factor sign-in
        </h3>
        <p className="text-sm text-neutral-600">
          After your password, sign in with a code from an authenticator app on your phone.
        </p>
      </div>
      {body}
    </section>
  );
}
