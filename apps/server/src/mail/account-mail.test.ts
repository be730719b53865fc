/**
 * Account messages through the transactional outbox (issue 25): queued with the change, sent once with a text and an
 * HTML part in the shared layout, and wiped from the outbox once sent (they may carry a single-use link).
 */
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { accountMessage } from './account-mail.ts';
import type { MailMessage } from './mailer.ts';
import { deliverDueMail, queueAccountMail } from './outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('account mail', () => {
  it('is sent once from the outbox, escaped, with its link in both parts, and wiped after sending', async () => {
    const sent: MailMessage[] = [];
    const mailer = { send: async (m: MailMessage) => (sent.push(m), 'ok') };
    const link = 'https://shop.example.com/auth/reset-password?token=abc';
    await t.db.transaction(async (tx) =>
      queueAccountMail(
        tx as unknown as typeof t.db,
        accountMessage({
          to: 'ada@example.test',
          subject: 'Reset your password',
          heading: 'Reset your password, <Ada>',
          paragraphs: ['Someone asked to reset the password of this account.'],
          action: { label: 'Choose a new password', url: link },
        }),
      ),
    );
    const deps = {
      db: t.db,
      images: t.images,
      mailer,
      log: pino({ level: 'silent' }),
      shopUrl: 'http://shop.test',
    };
    expect(await deliverDueMail(deps)).toBe(1);
    expect(await deliverDueMail(deps)).toBe(0);
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail).toMatchObject({ to: 'ada@example.test', subject: 'Reset your password' });
    expect(mail!.key).toMatch(/^account-/);
    expect(mail!.text).toContain(`Choose a new password: ${link}`);
    expect(mail!.html).toContain('Reset your password, &lt;Ada&gt;');
    expect(mail!.html).toContain(link.replace('&', '&amp;'));
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'account'));
    expect(rows.every((r) => r.sentAt !== null && r.message === null)).toBe(true);
  });
});
