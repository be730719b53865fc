/**
 * The data steps of a server start (main.ts), run under the database's start-up lock: the demo accounts (embedded
 * demo only) or, on any other start, the disabling of demo accounts an earlier demo run left behind; the demo
 * catalog; the first admin from ADMIN_EMAIL / ADMIN_PASSWORD; addresses saved before countries existed placed in
 * SHOP_COUNTRY (issue 27). DESIGN.md §3, §4 (identity rules).
 */
import type { FastifyBaseLogger } from 'fastify';
import { isNull } from 'drizzle-orm';
import { addresses } from './db/schema.ts';
import { upsertAccount } from './modules/auth/auth.service.ts';
import type { Runtime } from './runtime.ts';
import { disableDemoAccounts, seedCatalog, seedDemoAccounts } from './seed/seed.ts';
import { seedPricing } from './seed/pricing.ts';

/** What start-up did to the accounts, for the lines main.ts prints. */
export interface StartupAccounts {
  /** The demo accounts and their passwords (embedded demo only). */
  demo: Array<{ role: string; email: string; password: string }>;
  /** Demo accounts found on a start that is not the demo, now disabled (new secret password, sessions revoked). */
  disabled: string[];
}

/** Runs the data steps; safe on any number of instances at once (the start-up lock serialises them). */
export async function prepareData(
  { config, database, images, hasher }: Runtime,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<StartupAccounts> {
  return database.withStartupLock(async () => {
    const started = Date.now();
    await database.db.update(addresses).set({ country: config.shopCountry }).where(isNull(addresses.country));
    const demo = config.demoAccounts ? await seedDemoAccounts(database.db, hasher, config.demoAccounts) : [];
    // Before ADMIN_EMAIL: an admin who chose a demo e-mail gets their own password back just below.
    const disabled = config.demoAccounts ? [] : await disableDemoAccounts(database.db, hasher);
    if (config.seedDemo) {
      const added = await seedCatalog(database.db, images);
      // With a new demo catalog, the demo's shipping methods, tax rate and code (issue 27).
      if (added.products && (await seedPricing(database.db))) {
        log.info(
          'Seeded the demo shipping methods (Standard, Express), a tax rate (DE 19 %) and code WELCOME10',
        );
      }
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
    return { demo, disabled: disabled.filter((e) => e !== config.admin?.email.trim().toLowerCase()) };
  });
}
