/**
 * Demo data (DESIGN.md §3): the demo accounts, about 150 products with generated images and 3 hero images, put into
 * an empty database at start-up, shoes in sizes and clothes in sizes and colours (variants.ts, issue 28), with the
 * demo shoppers' orders and reviews when their accounts exist (activity.ts). Large benchmark catalogs, with reviews and
 * a year of orders, are generated-catalog.ts's.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { BRANDS, type Brand, type Category } from '@emporium/contract';
import type { Db } from '../db/client.ts';
import { featureImages, products, sessions, users } from '../db/schema.ts';
import { upsertAccount } from '../modules/auth/auth.service.ts';
import type { PasswordHasher } from '../modules/auth/password.ts';
import type { ImageStore } from '../storage/image-store.ts';
import { UPLOAD_WIDTHS } from '../modules/uploads/image-processing.ts';
import { seedDemoActivity } from './activity.ts';
import { BANNERS, bannerSvg, PRODUCT_IMAGE_WIDTHS, productSvg, renderWidths, type ArtColour } from './art.ts';
import { CATALOG, demoCategories, type Kind } from './catalog-data.ts';
import { demoVariantPlans, seedDemoVariants } from './variants.ts';

/** Demo accounts (README "Demo accounts"); never created in production. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@emporium.test', password: 'Admin123!', userName: 'Admin', role: 'admin' },
  { email: 'alice@emporium.test', password: 'Shopper123!', userName: 'Alice', role: 'user' },
  { email: 'bob@emporium.test', password: 'Shopper123!', userName: 'Bob', role: 'user' },
] as const;

/**
 * Creates the demo accounts (config `demoAccounts`). `published`: the README's passwords, for accounts that are
 * missing (existing ones are left as they are). `random`: the server is reachable from the network, so every
 * account gets a new random password now, which nobody else can know. Returns the accounts and their passwords.
 */
export async function seedDemoAccounts(
  db: Db,
  hasher: PasswordHasher,
  passwords: 'published' | 'random' = 'published',
): Promise<Array<{ role: string; email: string; password: string }>> {
  const seeded = [];
  for (const account of DEMO_ACCOUNTS) {
    const password = passwords === 'random' ? randomBytes(12).toString('base64url') : account.password;
    await upsertAccount(db, hasher, { ...account, password }, { resetExisting: passwords === 'random' });
    // Demo accounts are created verified (issue 25): the README's shoppers see no verification banner.
    await db
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.email, account.email));
    seeded.push({ role: account.role, email: account.email, password });
  }
  return seeded;
}

/**
 * Disables the demo accounts that an earlier demo run left in this database (DESIGN.md §4: demo accounts exist only
 * while the server runs as the embedded demo). Each gets an unguessable password that nobody is told and loses
 * every session, so the README's published passwords open nothing. Their orders and reviews stay. Returns the
 * e-mails that were disabled (those not already disabled are counted too: the step is idempotent and cheap).
 */
export async function disableDemoAccounts(db: Db, hasher: PasswordHasher): Promise<string[]> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  const found = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  for (const user of found) {
    const passwordHash = await hasher.hash(randomBytes(32).toString('base64url'));
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    });
  }
  return found.map((u) => u.email);
}

export interface SeedProduct {
  /** What the product is (its picture); not stored. */
  kind: Kind;
  title: string;
  description: string;
  category: Category;
  /** `category` first, then the others it is also filed under (issue 40). */
  categories: Category[];
  brand: Brand;
  priceCents: number;
  salePriceCents: number;
  totalStock: number;
}

/** The demo catalog as rows, in a stable order. */
export function demoProducts(): SeedProduct[] {
  return BRANDS.flatMap((brand) =>
    CATALOG[brand].map(([category, title, price, salePrice, stock, kind, description]) => ({
      kind,
      title,
      description,
      category,
      categories: demoCategories(category, kind),
      brand,
      priceCents: Math.round(price * 100),
      salePriceCents: Math.round(salePrice * 100),
      totalStock: stock,
    })),
  );
}

/** Renders and stores one product's images (in `colour`: a colour variant's); returns the key of the largest. */
async function storeProductImage(images: ImageStore, p: SeedProduct, colour?: ArtColour): Promise<string> {
  const id = randomUUID();
  const rendered = await renderWidths(productSvg(p, colour), PRODUCT_IMAGE_WIDTHS);
  await Promise.all(rendered.map(([w, data]) => images.put(`products/${id}-${w}.webp`, data)));
  return `products/${id}-${Math.max(...PRODUCT_IMAGE_WIDTHS)}.webp`;
}

/** Runs `fn` over `items` with at most `limit` at once. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

/**
 * Seeds the demo catalog and hero images when their tables are empty and, together with a new catalog, the demo
 * shoppers' orders and reviews when the demo accounts exist (embedded demo only; a `DATABASE_URL` catalog has none).
 * Returns what it added (0 when there was already data).
 */
export async function seedCatalog(
  db: Db,
  images: ImageStore,
): Promise<{ products: number; features: number; orders: number; reviews: number }> {
  const [{ n: productCount } = { n: 0 }] = await db.select({ n: count() }).from(products);
  let addedProducts = 0;
  let activity = { orders: 0, reviews: 0 };
  if (Number(productCount) === 0) {
    const rows = demoProducts();
    const plans = demoVariantPlans(rows);
    // One picture per product, or one per colour for clothes sold in colours (the first is the product's image).
    const pictures = rows.flatMap((p, i): Array<{ i: number; p: SeedProduct; colour?: ArtColour }> => {
      const colours = plans[i]?.colours ?? [];
      return colours.length > 0 ? colours.map((colour) => ({ i, p, colour })) : [{ i, p }];
    });
    const keys = await mapLimit(pictures, 4, ({ p, colour }) => storeProductImage(images, p, colour));
    const colourImages = rows.map(() => new Map<string, string>());
    const mainImage: string[] = [];
    pictures.forEach(({ i, colour }, n) => {
      mainImage[i] ??= keys[n]!;
      if (colour) colourImages[i]!.set(colour.name, keys[n]!);
    });
    const inserted = await db
      .insert(products)
      .values(rows.map(({ kind: _kind, ...p }, i) => ({ ...p, imageKey: mainImage[i]! })))
      .returning({ id: products.id, title: products.title });
    const idOf = new Map(inserted.map((r) => [r.title, r.id]));
    await seedDemoVariants(
      db,
      images,
      rows.flatMap((p, i) => {
        const plan = plans[i];
        return plan ? [{ ...p, productId: idOf.get(p.title)!, plan, colourImages: colourImages[i]! }] : [];
      }),
    );
    addedProducts = rows.length;
    activity = await seedDemoActivity(db);
  }
  const [{ n: featureCount } = { n: 0 }] = await db.select({ n: count() }).from(featureImages);
  let addedFeatures = 0;
  if (Number(featureCount) === 0) {
    for (const banner of BANNERS) {
      const id = randomUUID();
      const rendered = await renderWidths(bannerSvg(banner), UPLOAD_WIDTHS);
      await Promise.all(rendered.map(([w, data]) => images.put(`features/${id}-${w}.webp`, data)));
      // The key names the largest width, as for uploads; the web app derives the smaller ones (srcset).
      await db.insert(featureImages).values({ imageKey: `features/${id}-${UPLOAD_WIDTHS.at(-1)}.webp` });
      addedFeatures += 1;
    }
  }
  return { products: addedProducts, features: addedFeatures, ...activity };
}

export { fillCatalog, fillOrders } from './generated-catalog.ts';
