/**
 * Start-up: configuration, migrations, demo data (outside production), the first admin from ADMIN_EMAIL /
 * ADMIN_PASSWORD, then the HTTP server on HOST:PORT. Stops cleanly on SIGINT/SIGTERM.
 */
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { ConfigError } from './config.ts';
import { upsertAccount } from './modules/auth/auth.service.ts';
import { cancelAbandonedOrders } from './modules/orders/service.ts';
import { openRuntime } from './runtime.ts';
import { DEMO_ACCOUNTS, seedCatalog, seedDemoAccounts } from './seed/seed.ts';

async function main(): Promise<void> {
  const { config, database, images, hasher } = await openRuntime();
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  const app = await buildApp({ config, database, images, redis });
  const log = app.log;

  if (config.seedDemo) {
    const started = Date.now();
    await seedDemoAccounts(database.db, hasher);
    const added = await seedCatalog(database.db, images);
    if (added.products || added.features) {
      log.info(
        `Seeded ${added.products} products and ${added.features} feature images in ${Date.now() - started} ms`,
      );
    }
  }
  if (config.admin) {
    const result = await upsertAccount(
      database.db,
      hasher,
      { email: config.admin.email, password: config.admin.password, userName: 'Admin', role: 'admin' },
      { resetExisting: true },
    );
    log.info(`Admin ${config.admin.email}: ${result}`);
  }

  // DESIGN.md §4: pending orders abandoned longer than PENDING_ORDER_TTL_MINUTES are cancelled, checked each minute.
  const sweep = setInterval(() => {
    cancelAbandonedOrders(database.db, config.pendingOrderTtlMs)
      .then((n) => n > 0 && log.info(`Cancelled ${n} abandoned pending orders`))
      .catch((err: unknown) => log.error({ err }, 'abandoned-order job failed'));
  }, 60_000);
  sweep.unref();

  const close = async () => {
    clearInterval(sweep);
    await app.close();
    await database.close();
    redis?.disconnect();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);

  await app.listen({ port: config.port, host: config.host });
  const lines = [`Emporium is running at ${config.publicUrl} (database: ${database.kind})`];
  if (config.seedDemo) {
    lines.push('Demo accounts:');
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.role.padEnd(5)} ${a.email} / ${a.password}`);
  }
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
