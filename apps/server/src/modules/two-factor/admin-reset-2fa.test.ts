/**
 * `npm run admin:reset-2fa -- --email …` (issue 25, the recovery path of two-factor sign-in), run as a process against
 * an embedded database: it clears the secret and recovery codes and revokes the account's sessions.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { recoveryCodes, sessions, users } from '../../db/schema.ts';
import { openRuntime } from '../../runtime.ts';
import { CHILD_PROCESS_HANG_MS, writeMigratedPglite } from '../../test/build-test-app.ts';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '../../cli/admin-reset-2fa.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'emporium-reset-2fa-'));
const env = { NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: CHILD_PROCESS_HANG_MS,
  });

it("clears an admin's two-factor sign-in and ends its sessions", async () => {
  await writeMigratedPglite(join(dataDir, 'db'));
  let runtime = await openRuntime(env);
  const [admin] = await runtime.database.db
    .insert(users)
    .values({
      email: 'lost-phone@example.test',
      userName: 'Admin',
      passwordHash: 'x',
      role: 'admin',
      totpSecret: 'v1.a.b.c',
      totpEnabledAt: new Date(),
      totpLastStep: 1,
    })
    .returning({ id: users.id });
  await runtime.database.db.insert(recoveryCodes).values({ userId: admin!.id, codeHash: 'h' });
  await runtime.database.db
    .insert(sessions)
    .values({ userId: admin!.id, tokenHash: 't', expiresAt: new Date(Date.now() + 3_600_000) });
  await runtime.database.close();

  expect(run().status).toBe(2);
  const unknown = run('--email', 'nobody@example.test');
  expect(unknown.status).toBe(1);
  expect(unknown.stderr).toMatch(/No account/);
  const done = run('--email', 'Lost-Phone@example.test');
  expect(done.stderr).toBe('');
  expect(done.status).toBe(0);
  expect(done.stdout).toMatch(/reset for lost-phone@example.test/);

  runtime = await openRuntime(env);
  try {
    const db = runtime.database.db;
    const [row] = await db.select().from(users).where(eq(users.id, admin!.id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, admin!.id))).toEqual([]);
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, admin!.id));
    expect(session!.revokedAt).toBeInstanceOf(Date);
  } finally {
    await runtime.database.close();
  }
});
