/**
 * The SMTP path for real (DESIGN.md §2 mail: "CI proves the SMTP path"; issue 25): a local SMTP server (smtp-server,
 * 127.0.0.1, a free port, no auth) receives the password-reset mail the outbox sends over `SMTP_URL`, and the link it
 * carries works once.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createMailer } from '../../mail/mailer.ts';
import { deliverDueMail } from '../../mail/outbox.ts';
import { buildTestApp, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let t: TestApp;
const received: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});

afterAll(async () => {
  await t.app.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The text/plain part of a raw message, quoted-printable decoded. */
function textPart(raw: string): string {
  const part = raw.split(/\r?\n--/).find((p) => /content-type: text\/plain/i.test(p)) ?? raw;
  const body = part.slice(part.search(/\r?\n\r?\n/)).trim();
  return /quoted-printable/i.test(part)
    ? Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8')
    : body;
}

it('sends the reset link over SMTP to the account, and the link works once', async () => {
  const user = await signUpAndLogIn(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    payload: { email: user.email },
  });
  expect(res.statusCode).toBe(202);
  // The route kicks the app's outbox worker; a pass of our own over the same SMTP_URL may take the row instead
  // (rows are claimed with SKIP LOCKED, so the message goes out once either way).
  await deliverDueMail({
    db: t.db,
    images: t.images,
    mailer: createMailer({ ...t.config.mail, outboxDir: '/nonexistent' }),
    log: t.app.log,
    shopUrl: t.config.storefrontUrl,
  });
  await expect
    .poll(() => received.filter((m) => m.to.includes(user.email) && /Subject: Reset/.test(m.raw)).length, {
      timeout: 10_000,
    })
    .toBe(1);
  const message = received.find((m) => m.to.includes(user.email) && /Subject: Reset/.test(m.raw))!;
  const head = message.raw.split(/\r?\n\r?\n/)[0]!;
  const text = textPart(message.raw);
  // Quoted in the closing note: what an SMTP server receives.
  console.log(
    `SMTP envelope: from ${message.from} to ${message.to.join(', ')}\n--- headers ---\n${head}\n--- text part ---\n` +
      text.split('\n').slice(0, 8).join('\n'),
  );

  expect(message.to).toEqual([user.email]);
  expect(head).toMatch(/^Subject: Reset your Emporium password$/m);
  expect(head).toMatch(/^To: .*<?[^\s]*@example\.test>?$/m);
  expect(message.from).toBe('orders@emporium.test');
  const token = /http:\/\/shop\.test\/auth\/reset-password\?token=([A-Za-z0-9_-]{43})\b/.exec(text)?.[1];
  expect(token).toBeDefined();

  const confirm = (password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password },
    });
  expect((await confirm('a new password over smtp')).statusCode).toBe(200);
  expect((await confirm('another password over smtp')).statusCode).toBe(400);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: 'a new password over smtp' },
  });
  expect(login.statusCode).toBe(200);
});
