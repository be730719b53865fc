/**
 * `npm run admin:create -- --email you@example.com --password '…' [--name Admin]`: creates an admin, or resets the
 * password and role of an existing account. For production, where no demo accounts exist.
 */
import { LIMITS } from '@emporium/contract';
import { upsertAccount } from '../modules/auth/auth.service.ts';
import { openRuntime } from '../runtime.ts';
import { readArgs } from './args.ts';

const args = readArgs(process.argv.slice(2));
const email = args.email ?? process.env.ADMIN_EMAIL;
const password = args.password ?? process.env.ADMIN_PASSWORD;
if (!email || !password || !/^[^\s@]+@[^\s@]+$/.test(email) || password.length < LIMITS.password.min) {
  console.error(
    `Usage: npm run admin:create -- --email you@example.com --password '<at least ${LIMITS.password.min} characters>' [--name Admin]`,
  );
  process.exit(2);
}
const { database, hasher } = await openRuntime({ ...process.env, SEED_DEMO: 'false' });
try {
  const result = await upsertAccount(
    database.db,
    hasher,
    { email, password, userName: args.name ?? 'Admin', role: 'admin' },
    { resetExisting: true },
  );
  console.log(`Admin ${email.trim().toLowerCase()}: ${result}`);
} finally {
  await database.close();
}
