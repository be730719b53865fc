/**
 * Account takeover paths (issue 46), each written as the attack through the API on the real database: an intruder
 * who knew the password and asked to move the account to their own mailbox, a reset link that outlives the address
 * it was sent to, the shop used to mail any address, answers that tell whether an address has an account, and a
 * two-factor challenge that outlives the password it was opened with. The races run on PostgreSQL.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { generate } from 'otplib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, mailOutbox, users } from '../../db/schema.ts';
import { deliverDueMail } from '../../mail/outbox.ts';
import { buildTestApp, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';
import { as, type Session } from '../../test/shop-client.ts';
import { RESET_MAILS_PER_HOUR, requestPasswordReset } from '../account-recovery/service.ts';
import { CHALLENGE_SPENT } from '../two-factor/service.ts';
import { EMAIL_CHANGE_MAILS_PER_ADDRESS, EMAIL_CHANGES_PER_HOUR, INVALID_LINK } from './service.ts';
import { captureMail, tokenFrom } from './test-mail.ts';

let t: TestApp;
const mail = captureMail();
beforeAll(async () => {
  t = await buildTestApp({}, { mailer: mail.mailer });
});
afterAll(async () => {
  await t.app.close();
});

type Account = Session & { email: string; password: string };
let clients = 0;
const post = (url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    // A new client address each time: the per-client limits have their own tests.
    remoteAddress: `10.46.${Math.floor(++clients / 250)}.${clients % 250}`,
  });
const logIn = (email: string, password: string) => post('/api/auth/login', { email, password });
const emailOf = async (userId: string) =>
  (await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email;
const unique = (what: string) => `${what}-${Date.now()}-${++clients}@example.test`;
const askEmailChange = (who: Account, newEmail: string) =>
  as(t.app, who).post('/api/account/email', { newEmail, password: who.password });

/** Delivers the outbox until nothing is left unsent; returns every message sent to `to` so far. */
async function allMailTo(to: string) {
  const deps = {
    db: t.db,
    images: t.images,
    mailer: mail.mailer,
    log: pino({ level: 'silent' }),
    shopUrl: '',
  };
  await expect
    .poll(
      async () => {
        await deliverDueMail(deps);
        return (await t.db.select().from(mailOutbox).where(isNull(mailOutbox.sentAt))).length;
      },
      { timeout: 5000 },
    )
    .toBe(0);
  return mail.sent.filter((m) => m.to === to);
}

/** The intruder signs in with the known password and asks to move the account to their mailbox; returns the link. */
async function intruderAsksForEmailChange(
  owner: Account,
): Promise<{ intruder: Session; token: string; to: string }> {
  const login = await logIn(owner.email, owner.password);
  expect(login.statusCode).toBe(200);
  const intruder = { token: login.json().token as string, userId: owner.userId };
  const to = unique('intruder');
  const asked = await as(t.app, intruder).post('/api/account/email', {
    newEmail: to,
    password: owner.password,
  });
  expect(asked.statusCode).toBe(202);
  return { intruder, to, token: tokenFrom((await mail.latest(t, to, 'Confirm your new')).text) };
}

/** The owner resets the password through the link mailed to the account's address (one reset per account). */
async function resetThroughMail(email: string, password: string): Promise<void> {
  expect((await post('/api/auth/password-reset', { email })).statusCode).toBe(202);
  const token = tokenFrom((await mail.latest(t, email, 'Reset your Emporium password')).text);
  expect((await post('/api/auth/password-reset/confirm', { token, password })).statusCode).toBe(200);
}

describe('a pending e-mail change (issue 46, item 1)', () => {
  const ownerActs: Array<[string, (owner: Account) => Promise<void>]> = [
    [
      'changes the password',
      async (owner) => {
        const res = await as(t.app, owner).post('/api/account/password', {
          currentPassword: owner.password,
          newPassword: 'the owner\u2019s new password',
        });
        expect(res.statusCode).toBe(200);
      },
    ],
    ['resets the password', (owner) => resetThroughMail(owner.email, 'the owner\u2019s new password')],
    [
      'signs out everywhere else',
      async (owner) => {
        expect((await as(t.app, owner).post('/api/account/sessions/revoke-all', {})).statusCode).toBe(200);
      },
    ],
  ];

  it.each(ownerActs)(
    'dies when the owner, warned by mail, %s: the intruder\u2019s link no longer moves the account',
    async (_label, act) => {
      const owner = await signUpAndLogIn(t.app);
      const { token } = await intruderAsksForEmailChange(owner);
      const warning = await mail.latest(t, owner.email, 'is being changed');
      // What the warning promises is what the test checks next.
      expect(warning.text).toMatch(/change your password at once.*cancels this change/s);

      await act(owner);

      const confirm = await post('/api/account/email/confirm', { token });
      expect(confirm.statusCode).toBe(400);
      expect(confirm.json()).toEqual({ success: false, message: INVALID_LINK });
      expect(await emailOf(owner.userId)).toBe(owner.email);
      const live = await t.db
        .select()
        .from(accountTokens)
        .where(and(eq(accountTokens.userId, owner.userId), eq(accountTokens.purpose, 'email-change')));
      expect(live.every((row) => row.usedAt !== null)).toBe(true);
    },
  );
});

describe('a reset link (issue 46, item 2)', () => {
  /** Asks for a reset link for the account's address and returns its token (one request per account). */
  async function resetLink(email: string): Promise<string> {
    expect((await post('/api/auth/password-reset', { email })).statusCode).toBe(202);
    return tokenFrom((await mail.latest(t, email, 'Reset your Emporium password')).text);
  }
  const confirmReset = (token: string) =>
    post('/api/auth/password-reset/confirm', { token, password: 'set through the old mailbox' });

  it('mailed to the old address stops working once the e-mail changed', async () => {
    const owner = await signUpAndLogIn(t.app);
    const oldLink = await resetLink(owner.email);
    const moved = unique('moved');
    expect(
      (await as(t.app, owner).post('/api/account/email', { newEmail: moved, password: owner.password }))
        .statusCode,
    ).toBe(202);
    const change = tokenFrom((await mail.latest(t, moved, 'Confirm your new')).text);
    expect((await post('/api/account/email/confirm', { token: change })).statusCode).toBe(200);

    // Whoever still reads the old mailbox (it may be given up, or someone else's now) cannot set the password.
    const res = await confirmReset(oldLink);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect((await logIn(moved, owner.password)).statusCode).toBe(200);
  });

  it('is good only for the address it was sent to, even when nothing voided it', async () => {
    const owner = await signUpAndLogIn(t.app);
    const link = await resetLink(owner.email);
    // The address changed some other way (a restore, an operator): the link reached a mailbox that is not the
    // account's any more.
    const now = unique('now');
    await t.db.update(users).set({ email: now }).where(eq(users.id, owner.userId));
    expect((await confirmReset(link)).statusCode).toBe(400);
    expect((await logIn(now, owner.password)).statusCode).toBe(200);
  });
});

describe('e-mail change requests (issue 46, item 3)', () => {
  it('are capped per account: past the cap 429 with Retry-After, and nothing is mailed', async () => {
    const shopper = await signUpAndLogIn(t.app);
    const targets = Array.from({ length: EMAIL_CHANGES_PER_HOUR + 1 }, () => unique('target'));
    for (const target of targets.slice(0, -1))
      expect((await askEmailChange(shopper, target)).statusCode).toBe(202);
    const refused = await askEmailChange(shopper, targets.at(-1)!);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ success: false, message: expect.stringMatching(/try again in/) });
    expect(await allMailTo(targets.at(-1)!)).toHaveLength(0);
    // The current address heard of each request that was taken, not of the refused one.
    const notices = (await allMailTo(shopper.email)).filter((m) => m.subject.includes('is being changed'));
    expect(notices).toHaveLength(EMAIL_CHANGES_PER_HOUR);
  });

  it('are capped per target address, whichever accounts ask: same 202, no more mail to it', async () => {
    const victim = unique('victim');
    for (let i = 0; i <= EMAIL_CHANGE_MAILS_PER_ADDRESS; i++) {
      const shopper = await signUpAndLogIn(t.app);
      expect((await askEmailChange(shopper, victim)).statusCode).toBe(202);
    }
    expect(await allMailTo(victim)).toHaveLength(EMAIL_CHANGE_MAILS_PER_ADDRESS);
  });

  it('mail an address nobody confirmed without the name the shopper chose', async () => {
    const name = 'Your parcel is held: call +1 555 0100';
    const shopper = await signUpAndLogIn(t.app, { userName: name });
    // The registration's own verification link goes to an address nobody confirmed either.
    const verification = await mail.latest(t, shopper.email, 'Confirm your e-mail address');
    expect(`${verification.text}${verification.html}`).not.toContain(name);
    // Nor do the account's own notices carry it while its address is unconfirmed.
    const target = unique('target');
    expect((await askEmailChange(shopper, target)).statusCode).toBe(202);
    const link = await mail.latest(t, target, 'Confirm your new');
    expect(`${link.text}${link.html}`).not.toContain(name);
    expect(`${link.text}${link.html}`).not.toContain('call +1');
    const notice = await mail.latest(t, shopper.email, 'is being changed');
    expect(notice.text).not.toContain(name);

    // Once the address is proven, the account's own mail greets it by name again.
    const verified = await post('/api/auth/verify-email', { token: tokenFrom(verification.text) });
    expect(verified.statusCode).toBe(200);
    const changed = await as(t.app, shopper).post('/api/account/password', {
      currentPassword: shopper.password,
      newPassword: 'another good password',
    });
    expect(changed.statusCode).toBe(200);
    expect((await mail.latest(t, shopper.email, 'password was changed')).text).toContain(`Hello ${name},`);
  });
});

describe('an e-mail change to an address in use (issue 46, item 4)', () => {
  /** What one request leaves behind: its answer, the tokens it stored and the messages it queued. */
  async function requestAndCount(who: Account, newEmail: string) {
    const tokensBefore = await t.db.select().from(accountTokens).where(eq(accountTokens.userId, who.userId));
    const queuedBefore = (await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
    const res = await askEmailChange(who, newEmail);
    const tokens = await t.db.select().from(accountTokens).where(eq(accountTokens.userId, who.userId));
    return {
      status: res.statusCode,
      contentType: res.headers['content-type'],
      body: res.body,
      tokens: tokens.length - tokensBefore.length,
      queued: (await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).length - queuedBefore,
    };
  }

  it('is answered byte for byte like one to a free address, and its owner is told instead', async () => {
    const address = unique('wanted');
    const first = await signUpAndLogIn(t.app);
    const whileFree = await requestAndCount(first, address);
    // The address gets an account; a shopper probing for it asks for the same address.
    const owner = await signUpAndLogIn(t.app, { email: address });
    const prober = await signUpAndLogIn(t.app, { userName: 'Prober <script>' });
    const whileTaken = await requestAndCount(prober, address);

    expect(whileTaken).toEqual(whileFree);
    expect(whileTaken).toMatchObject({ status: 202, tokens: 1, queued: 2 });
    const notice = await mail.latest(t, address, 'entered on another Emporium account');
    expect(notice.text).not.toContain('Prober');
    expect(notice.text).not.toContain('token=');
    // No link to take the owner's address exists; the owner's account is untouched.
    const live = await t.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, prober.userId), isNull(accountTokens.usedAt)));
    expect(live.filter((row) => row.purpose === 'email-change')).toEqual([]);
    expect(await emailOf(owner.userId)).toBe(address);
    expect(await emailOf(prober.userId)).toBe(prober.email);
  });

  it('voids the prober\u2019s earlier pending change exactly as a free address does', async () => {
    // Otherwise a link to the prober's own mailbox would tell, by still working, that the address was taken.
    const taken = (await signUpAndLogIn(t.app)).email;
    const prober = await signUpAndLogIn(t.app);
    const own = unique('own');
    await askEmailChange(prober, own);
    const link = tokenFrom((await mail.latest(t, own, 'Confirm your new')).text);
    expect((await askEmailChange(prober, taken)).statusCode).toBe(202);
    expect((await post('/api/account/email/confirm', { token: link })).statusCode).toBe(400);
  });
});

describe('a password reset request (issue 46, item 4)', () => {
  it('answers before it reads or writes anything about the address, the same bytes for a known and an unknown one', async () => {
    // The queue of work after the reply holds its tasks until the test lets them run.
    const held: Array<() => Promise<void>> = [];
    let full = false;
    const own = captureMail();
    const r = await buildTestApp(
      {},
      {
        mailer: own.mailer,
        afterReply: { run: (_name, task) => void held.push(task), full: () => full, drain: async () => {} },
      },
    );
    try {
      const known = await signUpAndLogIn(r.app);
      const unknown = unique('nobody');
      const resetRows = () =>
        r.db
          .select()
          .from(accountTokens)
          .where(and(eq(accountTokens.userId, known.userId), eq(accountTokens.purpose, 'password-reset')));
      const queued = async () => (await r.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
      const outboxBefore = await queued();
      const ask = async (email: string) => {
        const res = await r.app.inject({
          method: 'POST',
          url: '/api/auth/password-reset',
          payload: { email },
        });
        return {
          status: res.statusCode,
          type: res.headers['content-type'],
          body: res.rawPayload.toString('hex'),
        };
      };

      const forKnown = await ask(known.email);
      expect(held).toHaveLength(1);
      const forUnknown = await ask(unknown);
      expect(held).toHaveLength(2);
      // The same answer, and nothing done yet for either: the request path did the same (nothing) both times.
      expect(forKnown).toEqual(forUnknown);
      expect(forKnown.status).toBe(202);
      expect(await resetRows()).toEqual([]);
      expect(await queued()).toBe(outboxBefore);

      // The work after the reply still mails the known address, and only it.
      for (const task of held.splice(0)) await task();
      expect(await resetRows()).toHaveLength(1);
      expect(await queued()).toBe(outboxBefore + 1);
      await own.latest(r, known.email, 'Reset your Emporium password');

      // A full queue refuses every address alike, before queuing anything.
      full = true;
      expect(await ask(known.email)).toEqual(await ask(unknown));
      expect((await ask(known.email)).status).toBe(503);
      expect(held).toHaveLength(0);
    } finally {
      await r.app.close();
    }
  });
});

/** The TOTP code of the step `offset` steps from now. */
const codeAt = (secret: string, offset: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

/** A shopper with two-factor on, enrolled with the previous step's code (so the current one is still free). */
async function enrolled(): Promise<Account & { secret: string }> {
  // Away from a step's edge, so that the steps computed here are the server's too.
  const into = (Date.now() / 1000) % 30;
  if (into > 25) await new Promise((r) => setTimeout(r, (30.5 - into) * 1000));
  const who = await signUpAndLogIn(t.app);
  const setup = await as(t.app, who).post('/api/account/two-factor/setup', { password: who.password });
  const secret = (setup.json().manualKey as string).replace(/\s+/g, '');
  const enable = await as(t.app, who).post('/api/account/two-factor/enable', {
    code: await codeAt(secret, -1),
  });
  expect(enable.statusCode).toBe(200);
  return { ...who, secret };
}

/** Signs in with the password; returns the two-factor challenge (or the failed answer's status). */
async function challengeFor(who: Account): Promise<string | number> {
  const res = await logIn(who.email, who.password);
  return res.statusCode === 200 ? (res.json().challenge as string) : res.statusCode;
}
const secondStep = (challenge: string, code: string) =>
  post('/api/auth/login/two-factor', { challenge, code });

describe('a two-factor challenge (issue 46, item 5)', () => {
  it.each([
    [
      'changes the password',
      async (owner: Account) => {
        const res = await as(t.app, owner).post('/api/account/password', {
          currentPassword: owner.password,
          newPassword: 'the owner\u2019s new password',
        });
        expect(res.statusCode).toBe(200);
      },
    ],
    [
      'resets the password',
      (owner: Account) => resetThroughMail(owner.email, 'the owner\u2019s new password'),
    ],
    [
      'signs out everywhere else',
      async (owner: Account) => {
        expect((await as(t.app, owner).post('/api/account/sessions/revoke-all', {})).statusCode).toBe(200);
      },
    ],
  ])('taken with the old password dies when the owner %s', async (_label, act) => {
    const owner = await enrolled();
    // The intruder knows the password (and will have a code: phished, or read over a shoulder).
    const challenge = await challengeFor(owner);
    expect(typeof challenge).toBe('string');
    await act(owner);
    const res = await secondStep(challenge as string, await codeAt(owner.secret, 0));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: CHALLENGE_SPENT });
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('races (PostgreSQL)', () => {
  it('a confirm racing the owner\u2019s password change either completes first or not at all', async () => {
    for (let round = 0; round < 6; round++) {
      const owner = await signUpAndLogIn(t.app);
      const { token, to } = await intruderAsksForEmailChange(owner);
      const [confirm, change] = await Promise.allSettled([
        post('/api/account/email/confirm', { token }),
        as(t.app, owner).post('/api/account/password', {
          currentPassword: owner.password,
          newPassword: 'the owner\u2019s new password',
        }),
      ]);
      if (confirm.status !== 'fulfilled' || change.status !== 'fulfilled')
        throw new Error('a request failed');
      expect(change.value.statusCode).toBe(200);
      // Invariant: the address moved exactly when the confirm answered 200, and the link is dead either way.
      expect([200, 400]).toContain(confirm.value.statusCode);
      expect(await emailOf(owner.userId)).toBe(confirm.value.statusCode === 200 ? to : owner.email);
      expect((await post('/api/account/email/confirm', { token })).statusCode).toBe(400);
    }
  });

  it('an intruder\u2019s e-mail change request racing the owner\u2019s password change never leaves a live link', async () => {
    for (let round = 0; round < 6; round++) {
      const owner = await signUpAndLogIn(t.app);
      const login = await logIn(owner.email, owner.password);
      const intruder = { token: login.json().token as string, userId: owner.userId };
      const [asked, changed] = await Promise.allSettled([
        as(t.app, intruder).post('/api/account/email', {
          newEmail: unique('intruder'),
          password: owner.password,
        }),
        as(t.app, owner).post('/api/account/password', {
          currentPassword: owner.password,
          newPassword: 'the owner\u2019s new password',
        }),
      ]);
      if (asked.status !== 'fulfilled' || changed.status !== 'fulfilled') throw new Error('a request failed');
      expect(changed.value.statusCode).toBe(200);
      // The request came first (202, then voided by the change), or found the new password (403), or its session
      // was already signed out (401).
      expect([202, 401, 403]).toContain(asked.value.statusCode);
      // Invariant: no e-mail change link of the account works after the password change.
      const live = await t.db
        .select()
        .from(accountTokens)
        .where(
          and(
            eq(accountTokens.userId, owner.userId),
            eq(accountTokens.purpose, 'email-change'),
            isNull(accountTokens.usedAt),
          ),
        );
      expect(live).toEqual([]);
    }
  });

  it('concurrent e-mail change requests never pass the caps', async () => {
    const shopper = await signUpAndLogIn(t.app);
    const asked = await Promise.allSettled(
      Array.from({ length: 6 }, () => askEmailChange(shopper, unique('parallel'))),
    );
    const codes = asked.map((r) => (r.status === 'fulfilled' ? r.value.statusCode : 0));
    // Invariant: the account's cap holds however the requests interleave.
    expect(codes.filter((c) => c === 202)).toHaveLength(EMAIL_CHANGES_PER_HOUR);
    expect(codes.filter((c) => c !== 202).every((c) => c === 429)).toBe(true);

    const victim = unique('victim');
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => signUpAndLogIn(t.app)));
    const flood = await Promise.allSettled(shoppers.map((s) => askEmailChange(s, victim)));
    expect(flood.every((r) => r.status === 'fulfilled' && r.value.statusCode === 202)).toBe(true);
    // Invariant: the address's cap holds across accounts.
    expect(await allMailTo(victim)).toHaveLength(EMAIL_CHANGE_MAILS_PER_ADDRESS);
  });

  it('concurrent reset requests for one account never mail more than the hourly cap', async () => {
    const owner = await signUpAndLogIn(t.app);
    const deps = { storefrontUrl: 'http://shop.test' };
    const runs = await Promise.allSettled(
      Array.from({ length: 6 }, () => requestPasswordReset(t.db, deps, owner.email)),
    );
    expect(runs.every((r) => r.status === 'fulfilled')).toBe(true);
    const links = await t.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, owner.userId), eq(accountTokens.purpose, 'password-reset')));
    // Invariant: the work after the replies runs side by side, and still stores at most the cap of links.
    expect(links).toHaveLength(RESET_MAILS_PER_HOUR);
    expect(links.filter((l) => l.usedAt === null)).toHaveLength(1);
  });

  it('a sign-in with the old password racing a reset never ends with a working session', async () => {
    for (let round = 0; round < 10; round++) {
      const twoFactor = round % 2 === 0;
      const owner = twoFactor ? await enrolled() : await signUpAndLogIn(t.app);
      expect((await post('/api/auth/password-reset', { email: owner.email })).statusCode).toBe(202);
      const reset = tokenFrom((await mail.latest(t, owner.email, 'Reset your Emporium password')).text);
      const [login, resetDone] = await Promise.allSettled([
        logIn(owner.email, owner.password),
        post('/api/auth/password-reset/confirm', { token: reset, password: 'set by the owner' }),
      ]);
      if (login.status !== 'fulfilled' || resetDone.status !== 'fulfilled')
        throw new Error('a request failed');
      expect(resetDone.value.statusCode).toBe(200);
      // Invariant: whatever the old password obtained (a session, or a challenge) no longer works after the reset.
      if (login.value.statusCode !== 200) continue;
      const answer = login.value.json();
      if (answer.challenge) {
        const { secret } = owner as Account & { secret: string };
        expect((await secondStep(answer.challenge, await codeAt(secret, 0))).statusCode).toBe(401);
      } else {
        const check = await t.app.inject({
          method: 'GET',
          url: '/api/auth/check-auth',
          headers: { authorization: `Bearer ${answer.token}` },
        });
        expect(check.statusCode).toBe(401);
      }
    }
  });

  it('a reset through the old mailbox racing the e-mail change\u2019s confirm: exactly one of them wins', async () => {
    for (let round = 0; round < 6; round++) {
      const owner = await signUpAndLogIn(t.app);
      expect((await post('/api/auth/password-reset', { email: owner.email })).statusCode).toBe(202);
      const reset = tokenFrom((await mail.latest(t, owner.email, 'Reset your Emporium password')).text);
      const moved = unique('moved');
      await as(t.app, owner).post('/api/account/email', { newEmail: moved, password: owner.password });
      const change = tokenFrom((await mail.latest(t, moved, 'Confirm your new')).text);
      const [confirmed, resetDone] = await Promise.allSettled([
        post('/api/account/email/confirm', { token: change }),
        post('/api/auth/password-reset/confirm', { token: reset, password: 'set through the old mailbox' }),
      ]);
      if (confirmed.status !== 'fulfilled' || resetDone.status !== 'fulfilled')
        throw new Error('a request failed');
      // Invariant: exactly one wins. A reset first voids the pending change (item 1); a change first voids the link
      // mailed to the old address (item 2). Never both, never a 5xx.
      const codes = [confirmed.value.statusCode, resetDone.value.statusCode];
      expect(codes.sort()).toEqual([200, 400]);
      const moveWon = confirmed.value.statusCode === 200;
      expect(await emailOf(owner.userId)).toBe(moveWon ? moved : owner.email);
      const password = moveWon ? owner.password : 'set through the old mailbox';
      expect((await logIn(moveWon ? moved : owner.email, password)).statusCode).toBe(200);
    }
  });
});
