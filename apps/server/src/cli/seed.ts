/**
 * `npm run seed -- [--products N]`: applies migrations, creates the demo accounts (embedded demo only), seeds the
 * demo catalog into an empty database and, with --products, grows the catalog to N products (benchmarks).
 * Uses the same DATABASE_URL / DATA_DIR as the server.
 */
import { openRuntime } from '../runtime.ts';
import { fillCatalog, seedCatalog, seedDemoAccounts } from '../seed/seed.ts';
import { readArgs } from './args.ts';

const args = readArgs(process.argv.slice(2));
const target = args.products ? Number(args.products) : 0;
if (!Number.isInteger(target) || target < 0) {
  console.error('--products must be a whole number');
  process.exit(2);
}
const { config, database, images, hasher } = await openRuntime();
try {
  const started = Date.now();
  if (config.demoAccounts) await seedDemoAccounts(database.db, hasher, config.demoAccounts);
  const seeded = await seedCatalog(database.db, images);
  const filled = target > 0 ? await fillCatalog(database.db, target) : 0;
  console.log(
    `Seeded ${seeded.products + filled} products and ${seeded.features} feature images in ${Date.now() - started} ms`,
  );
} finally {
  await database.close();
}
