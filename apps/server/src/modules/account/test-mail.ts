/** Tests only: a mailer that keeps what it is given, and a wait for one message to arrive through the outbox. */
import pino from 'pino';
import type { MailMessage } from '../../mail/mailer.ts';
import { deliverDueMail } from '../../mail/outbox.ts';
import type { TestApp } from '../../test/build-test-app.ts';

export interface CapturedMail {
  sent: MailMessage[];
  mailer: { send(m: MailMessage): Promise<string> };
  /** The newest message to `to` whose subject contains `subject`, delivering due mail until it comes (up to 5 s). */
  latest(t: TestApp, to: string, subject: string): Promise<MailMessage>;
}

export function captureMail(): CapturedMail {
  const sent: MailMessage[] = [];
  const mailer = { send: async (m: MailMessage) => (sent.push(m), `captured-${sent.length}`) };
  const find = (to: string, subject: string) =>
    sent.filter((m) => m.to === to && m.subject.includes(subject)).at(-1);
  return {
    sent,
    mailer,
    async latest(t, to, subject) {
      const deps = {
        db: t.db,
        images: t.images,
        mailer,
        log: pino({ level: 'silent' }),
        shopUrl: 'http://shop.test',
      };
      for (let i = 0; i < 50; i++) {
        const hit = find(to, subject);
        if (hit) return hit;
        await deliverDueMail(deps);
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(
        `no mail to ${to} about "${subject}"; sent: ${sent.map((m) => `${m.to}: ${m.subject}`).join('; ')}`,
      );
    },
  };
}

/** The `token` query parameter of the first link in `text` that has one. */
export function tokenFrom(text: string): string {
  const url = text.match(/https?:\/\/\S+token=[^\s]+/)?.[0];
  if (!url) throw new Error(`no link with a token in: ${text}`);
  return new URL(url).searchParams.get('token')!;
}
