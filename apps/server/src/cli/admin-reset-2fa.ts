/**
 * `npm run admin:reset-2fa -- --email you@example.com`: the recovery path of two-factor sign-in (issue 25) for an
 * account that lost its authenticator and its recovery codes. Turns two-factor off for the account (secret, recovery
 * codes and pending sign-in challenges deleted) and ends all its sessions; the owner then signs in with the password
 * and sets it up again. With REDIS_URL the running instances forget the sessions at once; without it, the single
 * server's session cache forgets them within SESSION_CACHE_TTL_SECONDS (admin routes never use that cache).
 */
import { Redis } from 'ioredis';
import { createBus } from '../lib/bus.ts';
import { resetTwoFactor } from '../modules/two-factor/service.ts';
import { openRuntime } from '../runtime.ts';
import { readArgs } from './args.ts';

const args = readArgs(process.argv.slice(2));
const email = args.email?.trim().toLowerCase();
if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) {
  console.error('Usage: npm run admin:reset-2fa -- --email you@example.com');
  process.exit(2);
}
const { config, database } = await openRuntime({ ...process.env, SEED_DEMO: 'false' });
const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1 }) : undefined;
redis?.on('error', () => undefined);
const bus = createBus(redis);
try {
  const found = await resetTwoFactor(
    database.db,
    {
      revokeHashes: (hashes) => hashes.forEach((hash) => bus.publish('session-revoked', hash)),
    },
    email,
  );
  if (!found) {
    console.error(`No account with the e-mail ${email}`);
    process.exitCode = 1;
  } else {
    console.log(
      `Two-factor sign-in reset for ${email}; its sessions are ended. It can sign in with its password.`,
    );
  }
} finally {
  await bus.close();
  // quit, unlike disconnect, sends the pending publications first.
  await redis?.quit().catch(() => undefined);
  await database.close();
}
