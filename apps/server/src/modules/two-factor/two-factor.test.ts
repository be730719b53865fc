/**
 * Two-factor sign-in as attacks (issue 25; DESIGN.md §4 "Two-factor sign-in"), through the API against the real
 * database: the secret is not stored in clear, a used TOTP step or one outside ±1 step is refused, wrong codes are
 * throttled and spend the challenge, recovery codes work once, challenges expire and are no sessions,
 * ADMIN_2FA_REQUIRED holds the admin API back until enrolment, and the reset clears it all.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { accountTokens, recoveryCodes, users } from '../../db/schema.ts';
import { buildTestApp, promoteToAdmin, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';
import { decryptSecret } from './secret-crypto.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import {
  ADMIN_TWO_FACTOR_REQUIRED,
  assertSecretsReadable,
  CHALLENGE_SPENT,
  resetTwoFactor,
  WRONG_CODE,
  WRONG_PASSWORD,
  WRONG_RECOVERY_CODE,
} from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.app.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The code of the step `offset` steps from now (30-second steps). */
const codeAt = (secret: string, offset: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

/** Waits out the last 3 seconds of a step, so the steps a test computes are the server's too. */
async function awayFromStepEdge(): Promise<void> {
  const into = (Date.now() / 1000) % 30;
  if (into > 27) await new Promise((r) => setTimeout(r, (30.5 - into) * 1000));
}

/** A code right for none of the steps now-1..now+1. */
async function wrongCode(secret: string): Promise<string> {
  const right = await Promise.all([-1, 0, 1].map((o) => codeAt(secret, o)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!right.includes(code)) return code;
  }
}

/** A shopper with two-factor on; enrolled with the code of the previous step, so now and next are still free. */
async function enrolled(app = t.app) {
  await awayFromStepEdge();
  const who = await signUpAndLogIn(app);
  const setup = await app.inject({
    method: 'POST',
    url: '/api/account/two-factor/setup',
    headers: bearer(who.token),
    payload: { password: who.password },
  });
  expect(setup.statusCode).toBe(200);
  const secret = setup.json().manualKey.replace(/\s+/g, '');
  const enable = await app.inject({
    method: 'POST',
    url: '/api/account/two-factor/enable',
    headers: bearer(who.token),
    payload: { code: await codeAt(secret, -1) },
  });
  expect(enable.statusCode).toBe(200);
  return { ...who, secret, setup: setup.json(), recoveryCodes: enable.json().recoveryCodes as string[] };
}

async function challengeFor(who: { email: string; password: string }, app = t.app): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: who.email, password: who.password },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ success: true, twoFactorRequired: true });
  return res.json().challenge;
}

const secondStep = (payload: object, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/auth/login/two-factor', payload });

describe('enrolment', () => {
  it('stores the secret encrypted, never in clear, and only hashes of the recovery codes', async () => {
    const who = await enrolled();
    expect(who.setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/Emporium:.*secret=/);
    expect(who.setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(who.setup.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    const [row] = await t.db.select().from(users).where(eq(users.id, who.userId));
    expect(row!.totpEnabledAt).toBeInstanceOf(Date);
    expect(row!.totpSecret).not.toContain(who.secret);
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(decryptSecret(t.config.totpEncryptionKey!, who.userId, row!.totpSecret!)).toBe(who.secret);
    // Bound to the account: the same ciphertext on another account's row does not decrypt.
    expect(() => decryptSecret(t.config.totpEncryptionKey!, crypto.randomUUID(), row!.totpSecret!)).toThrow();
    expect(who.recoveryCodes).toHaveLength(10);
    expect(new Set(who.recoveryCodes).size).toBe(10);
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, who.userId));
    const sha = (c: string) => createHash('sha256').update(c.replace('-', '')).digest('hex');
    expect(stored.map((r) => r.codeHash).sort()).toEqual(who.recoveryCodes.map(sha).sort());
    const status = await t.app.inject({ url: '/api/account/two-factor', headers: bearer(who.token) });
    expect(status.json()).toEqual({ success: true, enabled: true, required: false, recoveryCodesLeft: 10 });
  });

  const refusals: Array<[string, string, (w: { password: string }) => object, number, RegExp]> = [
    ['setup without the password', '/setup', () => ({}), 400, /^Password is required$/],
    ['setup with a wrong password', '/setup', () => ({ password: 'not my password' }), 403, /not correct/],
    [
      'setup with an extra field',
      '/setup',
      (w) => ({ password: w.password, secret: 'AAAA' }),
      400,
      /secret|key/i,
    ],
    ['enable before setup', '/enable', () => ({ code: '123456' }), 409, /Start the set-up/],
    ['enable with letters', '/enable', () => ({ code: 'abcdef' }), 400, /6-digit code/],
    ['enable with 5 digits', '/enable', () => ({ code: '12345' }), 400, /6-digit code/],
    ['disable while off', '/disable', (w) => ({ password: w.password, code: '123456' }), 409, /not on/],
    ['new recovery codes while off', '/recovery-codes', () => ({ code: '123456' }), 409, /not on/],
  ];
  it.each(refusals)('refuses %s', async (_name, path, body, status, message) => {
    const who = await signUpAndLogIn(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/account/two-factor${path}`,
      headers: bearer(who.token),
      payload: body(who),
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(message) });
  });

  it('refuses visitors (401) and a wrong first code (400)', async () => {
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/setup',
      payload: { password: 'whatever' },
    });
    expect(visitor.statusCode).toBe(401);
    const who = await signUpAndLogIn(t.app);
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/setup',
      headers: bearer(who.token),
      payload: { password: who.password },
    });
    const secret = setup.json().manualKey.replace(/\s+/g, '');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/enable',
      headers: bearer(who.token),
      payload: { code: await wrongCode(secret) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(WRONG_CODE);
    const [row] = await t.db.select().from(users).where(eq(users.id, who.userId));
    expect(row!.totpEnabledAt).toBeNull();
  });
});

describe('sign-in', () => {
  it('answers a challenge and no session for the password, and a session for the code', async () => {
    const who = await enrolled();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: who.email, password: who.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({
      success: true,
      twoFactorRequired: true,
      challenge: expect.any(String),
      message: 'Enter the 6-digit code from your authenticator app',
    });
    expect(login.headers['set-cookie']).toBeUndefined();
    const res = await secondStep({ challenge: login.json().challenge, code: await codeAt(who.secret, 0) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      token: expect.any(String),
      user: { email: who.email },
    });
    expect(String(res.headers['set-cookie'])).toMatch(/^token=.*HttpOnly/i);
    const check = await t.app.inject({ url: '/api/auth/check-auth', headers: bearer(res.json().token) });
    expect(check.statusCode).toBe(200);
    // The challenge is spent once used.
    const again = await secondStep({ challenge: login.json().challenge, code: await codeAt(who.secret, 1) });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(CHALLENGE_SPENT);
  });

  it('a challenge cannot be used as a session token', async () => {
    const who = await enrolled();
    const challenge = await challengeFor(who);
    for (const url of [
      '/api/auth/check-auth',
      '/api/account/two-factor',
      '/api/shop/cart/get/' + who.userId,
    ]) {
      const res = await t.app.inject({ url, headers: bearer(challenge) });
      expect(res.statusCode, url).toBe(401);
      const cookie = await t.app.inject({ url, headers: { cookie: `token=${challenge}` } });
      expect(cookie.statusCode, url).toBe(401);
    }
  });

  it('refuses a replayed time step: the code used to enable, then a code already used to sign in', async () => {
    const who = await enrolled();
    const replayEnable = await secondStep({
      challenge: await challengeFor(who),
      code: await codeAt(who.secret, -1),
    });
    expect(replayEnable.statusCode).toBe(401);
    expect(replayEnable.json().message).toBe(WRONG_CODE);
    const code = await codeAt(who.secret, 0);
    expect((await secondStep({ challenge: await challengeFor(who), code })).statusCode).toBe(200);
    const replay = await secondStep({ challenge: await challengeFor(who), code });
    expect(replay.statusCode).toBe(401);
    // Two sign-ins racing with the same code: one wins.
    const next = await codeAt(who.secret, 1);
    const [a, b] = [await challengeFor(who), await challengeFor(who)];
    const results = await Promise.allSettled([
      secondStep({ challenge: a, code: next }),
      secondStep({ challenge: b, code: next }),
    ]);
    const codes = results.map((r) => (r.status === 'fulfilled' ? r.value.statusCode : 0)).sort();
    expect(codes).toEqual([200, 401]);
  });

  it('refuses codes from outside ±1 step', async () => {
    const who = await enrolled();
    for (const offset of [-3, -2, 2, 3]) {
      const res = await secondStep({
        challenge: await challengeFor(who),
        code: await codeAt(who.secret, offset),
      });
      expect(res.statusCode, `step ${offset}`).toBe(401);
    }
    const next = await secondStep({ challenge: await challengeFor(who), code: await codeAt(who.secret, 1) });
    expect(next.statusCode).toBe(200);
  });

  it('spends a challenge after 5 wrong codes and throttles the account after 10 (429)', async () => {
    const who = await enrolled();
    const wrong = await wrongCode(who.secret);
    const right = await codeAt(who.secret, 0);
    for (let round = 0; round < 2; round++) {
      const challenge = await challengeFor(who);
      for (let i = 0; i < 5; i++) {
        const res = await secondStep({ challenge, code: wrong });
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe(WRONG_CODE);
      }
      const spent = await secondStep({ challenge, code: right });
      expect(spent.statusCode).toBe(401);
      expect(spent.json().message).toBe(CHALLENGE_SPENT);
    }
    // Ten wrong codes for the account, across challenges: even the right code waits now.
    const throttled = await secondStep({ challenge: await challengeFor(who), code: right });
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.json().message).toMatch(/Too many wrong codes/);
  });

  it('takes a recovery code once (any letter case, with or without its hyphen)', async () => {
    const who = await enrolled();
    const [first, second] = who.recoveryCodes;
    expect((await secondStep({ challenge: await challengeFor(who), recoveryCode: first })).statusCode).toBe(
      200,
    );
    const reused = await secondStep({ challenge: await challengeFor(who), recoveryCode: first });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(WRONG_RECOVERY_CODE);
    const typed = second!.replace('-', '').toUpperCase();
    expect((await secondStep({ challenge: await challengeFor(who), recoveryCode: typed })).statusCode).toBe(
      200,
    );
    const login = await secondStep({ challenge: await challengeFor(who), code: await codeAt(who.secret, 0) });
    const status = await t.app.inject({
      url: '/api/account/two-factor',
      headers: bearer(login.json().token),
    });
    expect(status.json().recoveryCodesLeft).toBe(8);
    // Another account's recovery code is no use here.
    const other = await enrolled();
    const foreign = await secondStep({
      challenge: await challengeFor(who),
      recoveryCode: other.recoveryCodes[0],
    });
    expect(foreign.statusCode).toBe(401);
  });

  it('refuses a challenge after its 5 minutes', async () => {
    const who = await enrolled();
    const challenge = await challengeFor(who);
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(accountTokens.userId, who.userId), eq(accountTokens.purpose, 'two-factor-login')));
    const rows = await t.db.select().from(accountTokens).where(eq(accountTokens.userId, who.userId));
    // Stored hashed, like every account token.
    expect(rows.map((r) => r.tokenHash)).not.toContain(challenge);
    const res = await secondStep({ challenge, code: await codeAt(who.secret, 0) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(CHALLENGE_SPENT);
  });

  const bad: Array<[string, object, number]> = [
    ['no code at all', { challenge: 'x' }, 400],
    ['both a code and a recovery code', { challenge: 'x', code: '123456', recoveryCode: 'abcde-fghij' }, 400],
    ['a code of letters', { challenge: 'x', code: 'abcdef' }, 400],
    ['a malformed recovery code', { challenge: 'x', recoveryCode: 'abc' }, 400],
    ['an extra field', { challenge: 'x', code: '123456', userId: 'me' }, 400],
    ['an unknown challenge', { challenge: 'made-up', code: '123456' }, 401],
  ];
  it.each(bad)('second step with %s is refused', async (_name, payload, status) => {
    const res = await secondStep(payload);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
  });

  it('keeps the spec login answer for accounts without two-factor', async () => {
    const who = await signUpAndLogIn(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: who.email, password: who.password },
    });
    expect(Object.keys(res.json()).sort()).toEqual(['message', 'success', 'token', 'user']);
  });
});

describe('turning it off and new recovery codes', () => {
  it('disable needs the password and a code; then the password alone signs in', async () => {
    const who = await enrolled();
    const url = '/api/account/two-factor/disable';
    const code = await codeAt(who.secret, 0);
    const wrongPw = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(who.token),
      payload: { password: 'not my password', code },
    });
    expect(wrongPw.statusCode).toBe(403);
    expect(wrongPw.json().message).toBe(WRONG_PASSWORD);
    const wrongCodeRes = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(who.token),
      payload: { password: who.password, code: await wrongCode(who.secret) },
    });
    expect(wrongCodeRes.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(who.token),
      payload: { password: who.password, code },
    });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, who.userId));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, who.userId))).toEqual([]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: who.email, password: who.password },
    });
    expect(login.json().token).toEqual(expect.any(String));
  });

  it('new recovery codes replace the old ones', async () => {
    const who = await enrolled();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/recovery-codes',
      headers: bearer(who.token),
      payload: { code: await codeAt(who.secret, 0) },
    });
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    const old = await secondStep({ challenge: await challengeFor(who), recoveryCode: who.recoveryCodes[0] });
    expect(old.statusCode).toBe(401);
    const now = await secondStep({ challenge: await challengeFor(who), recoveryCode: fresh[0] });
    expect(now.statusCode).toBe(200);
  });
});

describe('ADMIN_2FA_REQUIRED and the reset', () => {
  it('holds every /api/admin route back from an admin without two-factor until enrolled', async () => {
    const strict = await buildTestApp({ ADMIN_2FA_REQUIRED: 'true' });
    try {
      const admin = await signUpAndLogIn(strict.app);
      await promoteToAdmin(strict.db, admin.userId);
      const blocked = await strict.app.inject({ url: '/api/admin/dashboard', headers: bearer(admin.token) });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toEqual({ success: false, message: ADMIN_TWO_FACTOR_REQUIRED });
      const orders = await strict.app.inject({ url: '/api/admin/orders/get', headers: bearer(admin.token) });
      expect(orders.statusCode).toBe(403);
      const status = await strict.app.inject({
        url: '/api/account/two-factor',
        headers: bearer(admin.token),
      });
      expect(status.json()).toMatchObject({ enabled: false, required: true });
      // A shopper is not concerned (and still not an admin).
      const shopper = await signUpAndLogIn(strict.app);
      const cart = await strict.app.inject({
        url: `/api/shop/cart/get/${shopper.userId}`,
        headers: bearer(shopper.token),
      });
      expect(cart.statusCode).toBe(200);
      await awayFromStepEdge();
      const setup = await strict.app.inject({
        method: 'POST',
        url: '/api/account/two-factor/setup',
        headers: bearer(admin.token),
        payload: { password: admin.password },
      });
      const secret = setup.json().manualKey.replace(/\s+/g, '');
      const enable = await strict.app.inject({
        method: 'POST',
        url: '/api/account/two-factor/enable',
        headers: bearer(admin.token),
        payload: { code: await codeAt(secret, 0) },
      });
      expect(enable.statusCode).toBe(200);
      const allowed = await strict.app.inject({ url: '/api/admin/dashboard', headers: bearer(admin.token) });
      expect(allowed.statusCode).toBe(200);
    } finally {
      await strict.app.close();
    }
  });

  it('without ADMIN_2FA_REQUIRED an admin without two-factor keeps the admin API', async () => {
    const admin = await signUpAndLogIn(t.app);
    await promoteToAdmin(t.db, admin.userId);
    const res = await t.app.inject({ url: '/api/admin/dashboard', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
  });

  it('the reset (admin:reset-2fa) clears the secret and recovery codes and ends the sessions', async () => {
    const who = await enrolled();
    const pending = await challengeFor(who);
    const evicted: string[] = [];
    expect(
      await resetTwoFactor(t.db, { revokeHashes: (h) => evicted.push(...h) }, who.email.toUpperCase()),
    ).toBe(true);
    expect(evicted).toHaveLength(1);
    const [row] = await t.db.select().from(users).where(eq(users.id, who.userId));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, who.userId))).toEqual([]);
    expect((await t.app.inject({ url: '/api/auth/check-auth', headers: bearer(who.token) })).statusCode).toBe(
      401,
    );
    expect((await secondStep({ challenge: pending, code: await codeAt(who.secret, 0) })).statusCode).toBe(
      401,
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: who.email, password: who.password },
    });
    expect(login.json().token).toEqual(expect.any(String));
    expect(await resetTwoFactor(t.db, { revokeHashes: () => undefined }, 'nobody@example.test')).toBe(false);
  });
});

describe('TOTP_ENCRYPTION_KEY', () => {
  const prod = {
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'https://shop.example.com',
    PAYMENT_PROVIDER: 'sandbox',
  };
  it.each([
    ['too short', 'c2hvcnQ='],
    ['not base64', '!'.repeat(44)],
    ['33 bytes', Buffer.alloc(33, 1).toString('base64')],
  ])('refuses a key %s', (_name, key) => {
    expect(() => loadConfig({ TOTP_ENCRYPTION_KEY: key })).toThrow(/TOTP_ENCRYPTION_KEY: must be 32 bytes/);
  });

  it('takes 32 bytes of base64, requires them in production with ADMIN_2FA_REQUIRED, derives one in development', () => {
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: key.toString('base64') }).totpEncryptionKey).toEqual(key);
    expect(() => loadConfig({ ...prod, ADMIN_2FA_REQUIRED: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...prod, ADMIN_2FA_REQUIRED: 'true' })).toThrow(
      /TOTP_ENCRYPTION_KEY: required/,
    );
    expect(loadConfig(prod).totpEncryptionKey).toBeUndefined();
    expect(loadConfig({}).totpEncryptionKey).toHaveLength(32);
  });

  it('a production server without the key refuses to start once an account has two-factor', async () => {
    await enrolled();
    await expect(assertSecretsReadable(t.db, undefined)).rejects.toThrow(
      /TOTP_ENCRYPTION_KEY: required in production/,
    );
    await expect(assertSecretsReadable(t.db, t.config.totpEncryptionKey)).resolves.toBeUndefined();
  });
});
