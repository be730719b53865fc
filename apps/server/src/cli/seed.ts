/**
 * `npm run seed -- [--products N] [--reviews] [--orders M]`: applies migrations, creates the demo accounts (embedded
 * demo only), seeds the demo catalog into an empty database and, with --products, grows the catalog to N products
 * (benchmarks; --reviews gives the generated products reviews), and with --orders adds M orders over the last year
 * (seed/generated-catalog.ts). Uses the same DATABASE_URL / DATA_DIR as the server; prints each phase's time.
 */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../db/client.ts';
import { schema } from '../db/schema.ts';
import { openRuntime } from '../runtime.ts';
import { fillCatalog, fillOrders, seedCatalog, seedDemoAccounts } from '../seed/seed.ts';
import { readArgs } from './args.ts';

const argv = process.argv.slice(2);
// `--reviews` takes no value: left out before reading the `--name value` pairs.
const args = readArgs(argv.filter((a) => a !== '--reviews'));
const count = (name: string) => {
  const n = args[name] ? Number(args[name]) : 0;
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number`);
    process.exit(2);
  }
  return n;
};
const target = count('products');
const orders = count('orders');
const reviews = argv.includes('--reviews');
const { config, database, images, hasher } = await openRuntime();
// The server's connections stop a statement after 15-20 s; a million-product load runs minutes per statement.
const bulkClient = config.databaseUrl ? new pg.Client({ connectionString: config.databaseUrl }) : undefined;
try {
  const started = Date.now();
  const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const at = Date.now();
    const result = await work();
    if (target > 0 || orders > 0) console.log(`  ${name}: ${Date.now() - at} ms`);
    return result;
  };
  if (config.demoAccounts) await seedDemoAccounts(database.db, hasher, config.demoAccounts);
  const seeded = await phase('demo catalog', () => seedCatalog(database.db, images));
  let bulkDb: Db = database.db;
  if (bulkClient) {
    await bulkClient.connect();
    bulkDb = drizzle(bulkClient, { schema }) as unknown as Db;
  }
  const filled = target > 0 ? await phase('products', () => fillCatalog(bulkDb, target, { reviews })) : 0;
  const added = await phase('orders', () => fillOrders(bulkDb, orders));
  // After a bulk load, as PostgreSQL's documentation advises: fresh statistics for every table the load wrote, and
  // the visibility map that index-only scans read (at a million products, the admin's order searches took 63-85 ms
  // before it and 7-14 ms after). VACUUM cannot run in a transaction; it runs on its own here.
  if (bulkClient && (filled > 0 || added > 0))
    await phase('vacuum', () => bulkClient.query('vacuum (analyze)'));
  console.log(
    `Seeded ${seeded.products + filled} products, ${added} orders and ${seeded.features} feature images in ` +
      `${Date.now() - started} ms`,
  );
} finally {
  await bulkClient?.end();
  await database.close();
}
