import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema.ts';
import { buildTestApp, promoteToAdmin, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';
import { createSession } from './session.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.app.close();
});

const register = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });
const login = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });
const checkAuth = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/auth/check-auth', headers });

describe('POST /api/auth/register', () => {
  it('creates a shopper (201) who can then log in', async () => {
    const res = await register({ username: 'Ann', email: '  Ann@Example.TEST ', password: 'ann password' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: 'Registration successful' });
    const [row] = await t.db.select().from(users).where(eq(users.email, 'ann@example.test'));
    expect(row?.role).toBe('user');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await login({ email: 'ann@example.test', password: 'ann password' })).statusCode).toBe(200);
  });

  it('refuses a role in the body (400) and creates no user', async () => {
    const res = await register({
      username: 'Eve',
      email: 'eve@example.test',
      password: 'eve password',
      role: 'admin',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(await t.db.select().from(users).where(eq(users.email, 'eve@example.test'))).toHaveLength(0);
  });

  it('answers 409 for an e-mail already taken in any letter case', async () => {
    await register({ username: 'Bo', email: 'bo@example.test', password: 'bo password' });
    const res = await register({ username: 'Bo 2', email: 'BO@Example.Test', password: 'bo password 2' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'User already exists with same email' });
  });

  it.each([
    ['no e-mail', { username: 'X', password: 'long enough' }, 'Email is required'],
    ['a malformed e-mail', { username: 'X', email: 'not-an-email', password: 'long enough' }, 'email'],
    [
      'a short password',
      { username: 'X', email: 'x1@example.test', password: 'short' },
      'Password must be at least 8 characters',
    ],
    [
      'a blank user name',
      { username: '   ', email: 'x2@example.test', password: 'long enough' },
      'User name is required',
    ],
    [
      'a 1000-character user name',
      { username: 'x'.repeat(1000), email: 'x3@example.test', password: 'long enough' },
      'User name must be at most 60 characters',
    ],
    [
      'a number as password',
      { username: 'X', email: 'x4@example.test', password: 12345678 },
      'Password must be text',
    ],
  ])('answers 400 naming the field for %s', async (_label, body, field) => {
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toContain(field);
  });
});

describe('POST /api/auth/login', () => {
  it('returns the token and user, and sets an httpOnly cookie', async () => {
    await register({ username: 'Cy', email: 'cy@example.test', password: 'cy password' });
    const res = await login({ email: 'CY@example.test', password: 'cy password' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      user: { userName: 'Cy', email: 'cy@example.test', role: 'user' },
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = res.cookies.find((c) => c.name === 'token');
    expect(cookie).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax', path: '/' });
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, body.user.userId));
    expect(session?.tokenHash).not.toBe(body.token);
    expect(session?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    await register({ username: 'Di', email: 'di@example.test', password: 'di password' });
    const unknown = await login({ email: 'nobody@example.test', password: 'di password' });
    const wrong = await login({ email: 'di@example.test', password: 'not di password' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ success: false, message: 'Incorrect email or password' });
  });

  it('answers 429 with Retry-After on the 11th rapid failed login, even with the right password', async () => {
    await register({ username: 'Fi', email: 'fi@example.test', password: 'fi password' });
    for (let i = 0; i < 10; i++) {
      expect((await login({ email: 'fi@example.test', password: `wrong ${i}` })).statusCode).toBe(401);
    }
    const eleventh = await login({ email: 'fi@example.test', password: 'fi password' });
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    expect(eleventh.json().message).toMatch(/Too many failed login attempts/);
    expect((await login({ email: 'other@example.test', password: 'whatever 1' })).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('check-auth re-reads the user by bearer or cookie', async () => {
    const { token, userId } = await signUpAndLogIn(t.app, { userName: 'Gil' });
    const byBearer = await checkAuth({ authorization: `Bearer ${token}` });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.headers['cache-control']).toBe('no-store');
    expect(byBearer.json().user).toMatchObject({ userId, userName: 'Gil', role: 'user' });
    await promoteToAdmin(t.db, userId);
    const byCookie = await checkAuth({ cookie: `token=${token}` });
    expect(byCookie.json().user.role).toBe('admin');
  });

  it('answers 401 after logout revokes the session', async () => {
    const { token } = await signUpAndLogIn(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: 'Logged out successfully' });
    expect((await checkAuth({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it('answers 401 for an expired session', async () => {
    const { userId } = await signUpAndLogIn(t.app);
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    const token = await createSession(t.db, user!, -1000);
    const res = await checkAuth({ authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Unauthorised user!' });
  });

  it.each([
    ['no token', {}],
    ['a made-up bearer token', { authorization: 'Bearer ' + 'A'.repeat(43) }],
    ['a made-up cookie', { cookie: 'token=abc' }],
    ['the string null', { authorization: 'Bearer null' }],
    ['a 10 kB token', { authorization: 'Bearer ' + 'x'.repeat(10_000) }],
  ])('answers 401 for %s', async (_label, headers) => {
    const res = await checkAuth(headers as Record<string, string>);
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
  });

  it('refuses an unsafe request authenticated by cookie alone from a foreign origin (403)', async () => {
    const { token } = await signUpAndLogIn(t.app);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `token=${token}`, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await checkAuth({ cookie: `token=${token}` })).statusCode).toBe(200);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `token=${token}`, origin: 'http://shop.test' },
    });
    expect(own.statusCode).toBe(200);
    expect((await checkAuth({ cookie: `token=${token}` })).statusCode).toBe(401);
  });

  it('keeps a deleted user out at once', async () => {
    const { token, userId } = await signUpAndLogIn(t.app);
    await t.db.delete(users).where(eq(users.id, userId));
    expect((await checkAuth({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });
});

describe('per-IP limit on auth routes', () => {
  it('answers 429 once an IP exceeds AUTH_RATE_LIMIT_MAX', async () => {
    const small = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await small.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `n${i}@example.test`, password: 'whatever 1' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await small.app.close();
    }
  });
});
