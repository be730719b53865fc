/**
 * Start-up: configuration, migrations, demo data (embedded demo only), the first admin from ADMIN_EMAIL /
 * ADMIN_PASSWORD, then the HTTP server on HOST:PORT with the background jobs. Migrations and seeding run under the
 * database's start-up lock, so any number of instances may start together. Stops cleanly on SIGINT/SIGTERM.
 */
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { ConfigError } from './config.ts';
import { openRuntime } from './runtime.ts';
import { prepareData } from './startup.ts';

async function main(): Promise<void> {
  const runtime = await openRuntime();
  const { config, database, images } = runtime;
  // Redis commands fail fast while it is down (no offline queue, a short timeout), and the callers fall back to this
  // instance's memory; the client keeps reconnecting in the background.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 500 })
    : undefined;
  redis?.on('error', () => undefined);
  const app = await buildApp({ config, database, images, redis, runJobs: true });
  const log = app.log;

  const accounts = await prepareData(runtime, log);

  if (config.payments.provider === 'sandbox' && config.payments.inProduction) {
    log.warn(
      'PAYMENT_PROVIDER=sandbox in production: orders are "paid" on the demo payment page and NO MONEY MOVES. ' +
        'Set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET to take real payments.',
    );
  }

  const close = async () => {
    await app.close();
    await database.close();
    redis?.disconnect();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);

  await app.listen({ port: config.port, host: config.host });
  const lines = [
    `Emporium is running at ${config.publicUrl} (database: ${database.kind}, listening on ${config.host})`,
  ];
  if (accounts.demo.length > 0) {
    lines.push(
      config.demoAccounts === 'random'
        ? 'Demo accounts (HOST is reachable from the network, so their passwords are new on every start):'
        : 'Demo accounts:',
    );
    for (const a of accounts.demo) lines.push(`  ${a.role.padEnd(5)} ${a.email} / ${a.password}`);
  } else if (accounts.disabled.length > 0) {
    lines.push(
      `No demo accounts on this server: ${accounts.disabled.join(', ')}, left from a demo run, ` +
        'can no longer sign in (password replaced, sessions ended).',
    );
  } else {
    lines.push('No demo accounts on this server.');
  }
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
