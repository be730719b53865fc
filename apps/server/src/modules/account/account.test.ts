/**
 * Account settings as attacks and as use (issue 25): sessions are the caller's only (404 for another's), a password
 * change ends the other sessions and keeps the caller's, a wrong current password is refused and throttled, an
 * e-mail change link works once, expires, and never hands over an address another account holds (takeover.test.ts:
 * the request for such an address is answered like any other).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, sessions, users } from '../../db/schema.ts';
import { buildTestApp, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';
import { as, type Session } from '../../test/shop-client.ts';
import { hashToken, touchSession } from '../auth/session.service.ts';
import { WRONG_PASSWORD } from './password-check.ts';
import { INVALID_LINK } from './service.ts';
import { captureMail, tokenFrom } from './test-mail.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
const mail = captureMail();
beforeAll(async () => {
  t = await buildTestApp({ LOGIN_FAILURES_MAX: '3' }, { mailer: mail.mailer });
});
afterAll(async () => {
  await t.app.close();
});

/** Logs in again with the given User-Agent: a second session of the same account. */
async function logInFrom(email: string, password: string, userAgent?: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}
const checkAuth = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/check-auth', headers: { authorization: `Bearer ${token}` } });

describe('active sessions', () => {
  it('lists the caller\u2019s live sessions with device, address and "this device", newest use first', async () => {
    const a = await signUpAndLogIn(t.app);
    const phone = await logInFrom(a.email, a.password, SAFARI_IPHONE);
    const desk = await logInFrom(a.email, a.password, CHROME_WINDOWS);
    const res = await as(t.app, { token: desk, userId: a.userId }).get('/api/account/sessions');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json().data as Array<Record<string, unknown>>;
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ device: 'Chrome on Windows', ip: '127.0.0.1', current: true });
    expect(list.find((s) => s.device === 'Mobile Safari on iOS')).toMatchObject({ current: false });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(hashToken(phone));
  });

  it('never shows or revokes another shopper\u2019s session (404), and revokes one of the caller\u2019s', async () => {
    const a = await signUpAndLogIn(t.app);
    const b = await signUpAndLogIn(t.app);
    const [bSession] = await t.db.select().from(sessions).where(eq(sessions.userId, b.userId));
    const aList = (await as(t.app, a).get('/api/account/sessions')).json().data as Array<{ _id: string }>;
    expect(aList.map((s) => s._id)).not.toContain(bSession!.id);

    const attack = await as(t.app, a).delete(`/api/account/sessions/${bSession!.id}`);
    expect(attack.statusCode).toBe(404);
    expect(attack.json()).toEqual({ success: false, message: 'Session not found' });
    expect((await checkAuth(b.token)).statusCode).toBe(200);

    const second = await logInFrom(a.email, a.password);
    const secondId = (
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(second)))
    )[0]!.id;
    expect((await as(t.app, a).delete(`/api/account/sessions/${secondId}`)).statusCode).toBe(200);
    expect((await checkAuth(second)).statusCode).toBe(401);
    expect((await as(t.app, a).delete(`/api/account/sessions/${secondId}`)).statusCode).toBe(404);
    expect((await checkAuth(a.token)).statusCode).toBe(200);
  });

  it.each([
    ['not a uuid', 'abc'],
    ['an unknown uuid', '00000000-0000-4000-8000-000000000000'],
    ['a 65-character id', 'x'.repeat(65)],
  ])('answers %s with 4xx and revokes nothing', async (_label, id) => {
    const a = await signUpAndLogIn(t.app);
    const res = await as(t.app, a).delete(`/api/account/sessions/${id}`);
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json().success).toBe(false);
    expect((await checkAuth(a.token)).statusCode).toBe(200);
  });

  it('signs out everywhere else: other sessions 401 at once, the caller\u2019s stays', async () => {
    const a = await signUpAndLogIn(t.app);
    const others = [await logInFrom(a.email, a.password), await logInFrom(a.email, a.password)];
    // Shopper routes may answer from the session cache: revocation must evict it.
    for (const o of others)
      expect((await as(t.app, { ...a, token: o }).get('/api/account/sessions')).statusCode).toBe(200);
    const res = await as(t.app, a).post('/api/account/sessions/revoke-all', {});
    expect(res.json()).toMatchObject({ success: true, revoked: 2 });
    for (const o of others) {
      expect((await checkAuth(o)).statusCode).toBe(401);
      expect((await as(t.app, { ...a, token: o }).get('/api/account/sessions')).statusCode).toBe(401);
    }
    expect((await checkAuth(a.token)).statusCode).toBe(200);
  });

  it('refuses visitors (401)', async () => {
    for (const [method, url] of [
      ['GET', '/api/account/sessions'],
      ['POST', '/api/account/sessions/revoke-all'],
      ['GET', '/api/account/export'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('records the last use at most once a minute', async () => {
    const a = await signUpAndLogIn(t.app);
    const hash = hashToken(a.token);
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    const lastSeen = async () =>
      (await t.db.select().from(sessions).where(eq(sessions.tokenHash, hash)))[0]!.lastSeenAt!.getTime();
    await t.db.update(sessions).set({ lastSeenAt: twoMinutesAgo }).where(eq(sessions.tokenHash, hash));
    // Within the minute of its creation this instance writes nothing.
    await touchSession(t.db, a.token);
    expect(await lastSeen()).toBe(twoMinutesAgo.getTime());
    await touchSession(t.db, a.token, Date.now() + 61_000);
    expect(await lastSeen()).toBeGreaterThan(Date.now() - 10_000);
  });
});

describe('change password', () => {
  const change = (s: Session, body: object) => as(t.app, s).post('/api/account/password', body);

  it.each([
    ['no current password', { newPassword: 'a brand new password' }],
    ['a short new password', { currentPassword: 'a good password', newPassword: 'short' }],
    ['a 129-character new password', { currentPassword: 'a good password', newPassword: 'x'.repeat(129) }],
    ['a common password', { currentPassword: 'a good password', newPassword: 'password123' }],
    ['the same password', { currentPassword: 'a good password', newPassword: 'a good password' }],
    ['an unknown field', { currentPassword: 'a good password', newPassword: 'a brand new one', userId: 'x' }],
  ])('refuses %s with 400 and a message, changing nothing', async (_label, body) => {
    const a = await signUpAndLogIn(t.app);
    const res = await change(a, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/\w/);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: a.email, password: a.password },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses a wrong current password (403) and throttles guesses (429 with Retry-After)', async () => {
    const a = await signUpAndLogIn(t.app);
    for (let i = 0; i < 3; i++) {
      const res = await change(a, { currentPassword: `wrong ${i}`, newPassword: 'a brand new password' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, message: WRONG_PASSWORD });
    }
    // Locked now, even with the right password: guessing cannot go on.
    const locked = await change(a, { currentPassword: a.password, newPassword: 'a brand new password' });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().message).toMatch(/Too many wrong passwords/);
  });

  it('sets the new password, ends the other sessions, keeps the caller\u2019s and tells the owner', async () => {
    const a = await signUpAndLogIn(t.app, { userName: 'Pat Change' });
    const other = await logInFrom(a.email, a.password);
    const res = await change(a, { currentPassword: a.password, newPassword: 'a brand new password' });
    expect(res.statusCode).toBe(200);
    expect((await checkAuth(other)).statusCode).toBe(401);
    expect((await checkAuth(a.token)).statusCode).toBe(200);
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.email, password } });
    expect((await login(a.password)).statusCode).toBe(401);
    expect((await login('a brand new password')).statusCode).toBe(200);
    const message = await mail.latest(t, a.email, 'password was changed');
    // An unconfirmed address is not greeted with the name the shopper chose (issue 46; takeover.test.ts).
    expect(message.text).toContain('Hello, the password of your Emporium account was changed');
  });
});

describe('change e-mail', () => {
  const request = (s: Session, body: object) => as(t.app, s).post('/api/account/email', body);
  const confirm = (token: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token } });

  it.each([
    ['an invalid address', { newEmail: 'not-an-address', password: 'a good password' }],
    ['no password', { newEmail: 'new@example.test' }],
    ['an unknown field', { newEmail: 'new@example.test', password: 'a good password', role: 'admin' }],
  ])('refuses %s with 400', async (_label, body) => {
    const a = await signUpAndLogIn(t.app);
    expect((await request(a, body)).statusCode).toBe(400);
  });

  it('refuses a wrong password (403) and its own address (400)', async () => {
    const a = await signUpAndLogIn(t.app);
    expect((await request(a, { newEmail: 'fresh@example.test', password: 'nope' })).statusCode).toBe(403);
    expect((await request(a, { newEmail: a.email.toUpperCase(), password: a.password })).statusCode).toBe(
      400,
    );
  });

  it('changes the address only through the link sent to it, once, and tells the old address twice', async () => {
    const a = await signUpAndLogIn(t.app, { userName: 'Eve Mover' });
    const newEmail = `Moved-${Date.now()}@Example.test`;
    const res = await request(a, { newEmail, password: a.password });
    expect(res.statusCode).toBe(202);
    const lower = newEmail.toLowerCase();
    const link = await mail.latest(t, lower, 'Confirm your new');
    expect(link.text).toContain('http://shop.test/account/confirm-email?token=');
    const warning = await mail.latest(t, a.email, 'is being changed');
    expect(warning.text).toContain(`your e-mail is being changed to ${lower}`);
    // Nothing changes before the link is opened.
    expect((await t.db.select().from(users).where(eq(users.id, a.userId)))[0]!.email).toBe(a.email);

    const token = tokenFrom(link.text);
    const ok = await confirm(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(lower);
    const [row] = await t.db.select().from(users).where(eq(users.id, a.userId));
    expect(row!.email).toBe(lower);
    expect(row!.emailVerifiedAt).not.toBeNull();
    await mail.latest(t, a.email, 'address was changed');

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(INVALID_LINK);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: newEmail, password: a.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an expired link, a made-up one, and an address someone registered meanwhile (409)', async () => {
    const a = await signUpAndLogIn(t.app);
    const target = `later-${Date.now()}@example.test`;
    await request(a, { newEmail: target, password: a.password });
    const token = tokenFrom((await mail.latest(t, target, 'Confirm your new')).text);
    await signUpAndLogIn(t.app, { email: target });
    const taken = await confirm(token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('User already exists with same email');
    expect((await t.db.select().from(users).where(eq(users.id, a.userId)))[0]!.email).toBe(a.email);

    const other = `expiring-${Date.now()}@example.test`;
    await request(a, { newEmail: other, password: a.password });
    const old = tokenFrom((await mail.latest(t, other, 'Confirm your new')).text);
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(accountTokens.userId, a.userId), eq(accountTokens.tokenHash, hashToken(old))));
    expect((await confirm(old)).statusCode).toBe(400);

    for (const bad of ['made-up', '', 'x'.repeat(201), 42]) expect((await confirm(bad)).statusCode).toBe(400);
  });
});
