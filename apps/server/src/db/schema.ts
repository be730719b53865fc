/**
 * Database schema (Drizzle, PostgreSQL dialect; the same on PGlite and PostgreSQL).
 * Money is integer cents (docs/decisions/002); images are stored as keys, never as URLs.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type; read only by search, never sent to clients. */
const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userName: text('user_name').notNull(),
    /** Trimmed and lower-cased before it is stored, so uniqueness ignores letter case. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the owner proved the address (a verification link); null: not verified (issue 25). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * When the account was erased on its owner's request: personal fields were replaced (e-mail, name, password), the
     * row stays so that its orders keep their totals for the shop's accounts (DESIGN.md §4 account deletion).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The TOTP secret (RFC 6238), encrypted at rest (AES-256-GCM with a key from the environment); null: none. */
    totpSecret: text('totp_secret'),
    /** When two-factor sign-in was confirmed with a first code; null while enrolment is unconfirmed or off. */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code of this step or an earlier one is refused (no replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  },
  (t) => [
    // The admin order search finds customers by part of their name or e-mail (issue 29: a sequential scan of every
    // shopper for each search otherwise); trigram indexes answer ILIKE '%…%' directly.
    index('users_name_trgm_idx').using('gin', t.userName.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The User-Agent the session signed in with (the account's session list names the device from it). */
    userAgent: text('user_agent'),
    /** The client address it signed in from (TRUST_PROXY's rules). */
    ip: text('ip'),
    /** Last request seen on the session (updated at most once a minute). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Single-use account tokens (issue 25): password reset (30 min), e-mail verification and e-mail change (24 h), and
 * the second step of a two-factor sign-in (5 min). Only the SHA-256 of the token is stored; `used_at` spends it. A
 * new token of a purpose voids the older unused ones of that user (the service's rule).
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['password-reset', 'email-verification', 'email-change', 'two-factor-login'],
    }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address the token was sent to (verification) or is to become the account's (e-mail change). */
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Wrong codes tried against this token (two-factor sign-in); past the limit it is spent. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_tokens_user_purpose_idx').on(t.userId, t.purpose),
    // E-mail change requests per target address and hour (issue 46: modules/account/service.ts).
    index('account_tokens_email_purpose_idx').on(t.email, t.purpose, t.createdAt),
  ],
);

/** Two-factor recovery codes (issue 25): ten per enrolment, each usable once; only their SHA-256 is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_idx').on(t.userId, t.codeHash)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    imageKey: text('image_key').notNull(),
    category: text('category').notNull(),
    /**
     * Every category the product is filed under (issue 40), at most three, the first always `category`: kept in step
     * by the `products_categories` trigger (migration 0035), so a write may name either. Listing filters, counts,
     * facets and search use all of them.
     */
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    brand: text('brand').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** 0 means not on sale. */
    salePriceCents: integer('sale_price_cents').notNull().default(0),
    totalStock: integer('total_stock').notNull().default(0),
    averageRating: real('average_rating').notNull().default(0),
    reviewsCount: integer('reviews_count').notNull().default(0),
    /** Bumped by every write (edit, stock taken or restored): an edit made from an older version is refused. */
    version: integer('version').notNull().default(1),
    /**
     * The product's place among the home page's Featured Products, picked and ordered by the admin (issue 28, from 1);
     * null: not featured.
     */
    featuredPosition: integer('featured_position'),
    /**
     * The listing facets its variants offer (issue 28), `<facet>:<value>` lower-cased, e.g. `size:42`, `colour:red`;
     * kept by the admin product service whenever options or variants are saved (modules/variants).
     */
    optionFacets: text('option_facets')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The option names and values as words ("Size 40 41 42 Colour Red Blue") for search; kept with optionFacets. */
    optionText: text('option_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Whether the product is sold out (`total_stock = 0`), kept by PostgreSQL. The listing's stock-first indexes lead
     * with it instead of an expression over `total_stock` (issue 29): an index over `total_stock` made every sale a
     * non-HOT update writing an entry into every index of the table; `sold_out` changes only when stock crosses zero.
     */
    soldOut: boolean('sold_out')
      .notNull()
      .generatedAlwaysAs(sql`total_stock = 0`),
    /**
     * Search document, kept by a trigger (`products_search_documents`, migration 0019) whenever the title, brand,
     * category, description or option words change, and only then (a stock update leaves it alone): the title
     * weighted A, brand, category and option words B (issue 28: "red hoodie", "size 42"), the description D. Stored
     * so that matching and ranking never re-parse descriptions (modules/search).
     */
    searchDocument: tsvector('search_document'),
    /**
     * The same document without the description, kept by the same trigger: the title, brand, category and options
     * tiers of search match here, so a word that is common in descriptions costs no weight recheck of every product
     * that mentions it.
     */
    nameDocument: tsvector('name_document'),
  },
  (t) => {
    const effectivePrice = sql`(CASE WHEN ${t.salePriceCents} > 0 THEN ${t.salePriceCents} ELSE ${t.priceCents} END)`;
    return [
      check('products_price_positive', sql`${t.priceCents} > 0`),
      check(
        'products_sale_price_range',
        sql`${t.salePriceCents} >= 0 and ${t.salePriceCents} < ${t.priceCents}`,
      ),
      check('products_stock_nonnegative', sql`${t.totalStock} >= 0`),
      index('products_category_idx').on(t.category),
      check(
        'products_categories_first',
        sql`cardinality(${t.categories}) BETWEEN 1 AND 3 AND ${t.categories}[1] = ${t.category}`,
      ),
      // An empty search's popular products (issue 40): in stock, the most reviewed first.
      index('products_popular_idx').on(t.soldOut, t.reviewsCount.desc(), t.id),
      index('products_featured_idx')
        .on(t.featuredPosition)
        .where(sql`${t.featuredPosition} is not null`),
      index('products_option_facets_idx').using('gin', t.optionFacets),
      index('products_brand_idx').on(t.brand),
      // The admin product list sorts by price or title without regard to stock, for all products or one category.
      // Every index over the effective price also INCLUDEs price_cents and sale_price_cents (migration 0026), so that
      // PostgreSQL can answer from the index alone; Drizzle's builder cannot say so.
      index('products_effective_price_idx').on(effectivePrice, t.id),
      index('products_title_idx').on(t.title, t.id),
      index('products_category_price_idx').on(t.category, effectivePrice, t.id),
      index('products_category_title_idx').on(t.category, t.title, t.id),
      // The shop listing puts products in stock first in every sort (modules/products/service.ts): ascending sorts read
      // `sold_out, key, id` forward, descending ones `sold_out DESC, key, id` backward (in stock first, key and id
      // down). The category and brand variants serve a single category or brand (what the header links set).
      index('products_stock_price_idx').on(t.soldOut, effectivePrice, t.id),
      index('products_stock_price_desc_idx').on(t.soldOut.desc().nullsFirst(), effectivePrice, t.id),
      index('products_stock_title_idx').on(t.soldOut, t.title, t.id),
      index('products_stock_title_desc_idx').on(t.soldOut.desc().nullsFirst(), t.title, t.id),
      index('products_category_stock_price_idx').on(t.category, t.soldOut, effectivePrice, t.id),
      index('products_category_stock_price_desc_idx').on(
        t.category,
        t.soldOut.desc().nullsFirst(),
        effectivePrice,
        t.id,
      ),
      index('products_category_stock_title_idx').on(t.category, t.soldOut, t.title, t.id),
      index('products_category_stock_title_desc_idx').on(
        t.category,
        t.soldOut.desc().nullsFirst(),
        t.title,
        t.id,
      ),
      index('products_brand_stock_price_idx').on(t.brand, t.soldOut, effectivePrice, t.id),
      index('products_brand_stock_price_desc_idx').on(
        t.brand,
        t.soldOut.desc().nullsFirst(),
        effectivePrice,
        t.id,
      ),
      index('products_brand_stock_title_idx').on(t.brand, t.soldOut, t.title, t.id),
      index('products_brand_stock_title_desc_idx').on(t.brand, t.soldOut.desc().nullsFirst(), t.title, t.id),
      // Categories and brands together (issue 29): one range per category and brand (products/service.ts
      // listingScopes), in the same four orders.
      index('products_category_brand_stock_price_idx').on(
        t.category,
        t.brand,
        t.soldOut,
        effectivePrice,
        t.id,
      ),
      index('products_category_brand_stock_price_desc_idx').on(
        t.category,
        t.brand,
        t.soldOut.desc().nullsFirst(),
        effectivePrice,
        t.id,
      ),
      index('products_category_brand_stock_title_idx').on(t.category, t.brand, t.soldOut, t.title, t.id),
      index('products_category_brand_stock_title_desc_idx').on(
        t.category,
        t.brand,
        t.soldOut.desc().nullsFirst(),
        t.title,
        t.id,
      ),
      // Search (DESIGN.md §4): full-text over the whole stored document and over its title/brand/category part.
      // No GIN pending list (fastupdate off, migration 0010): every search scanned the whole unsorted list of recent
      // writes (10k entries after seeding 100k products: 5 of a search's 7 ms); PostgreSQL's documentation advises
      // this when consistent response time matters more than write speed (catalog writes are rare).
      index('products_search_document_idx').using('gin', t.searchDocument).with({ fastupdate: false }),
      index('products_name_document_idx').using('gin', t.nameDocument).with({ fastupdate: false }),
      // The admin product table (issue 29): newest first (its default), and its search, a substring of the title or
      // brand (admin-products/service.ts repeats this expression so that the trigram index narrows a million rows).
      // Neither reads total_stock, so a sale stays a HOT update (migration 0019).
      index('products_created_idx').on(t.createdAt, t.id),
      index('products_admin_search_idx')
        .using('gin', sql`lower(${t.title} || ' ' || ${t.brand}) gin_trgm_ops`)
        .with({ fastupdate: false }),
    ];
  },
);

/**
 * How many products share each category, brand and set of listing facets (issue 29, docs/decisions/015): the
 * listing's `pagination.total` and its Size/Colour facet counts are sums over these rows, exact for every filter, in
 * place of counting a million products. Kept in each writer's transaction by triggers on `products` (migration 0020):
 * a statement that inserts or deletes products adds or takes its rows per group, an update that moves a product
 * between groups moves one; stock and price changes never touch it. Groups that no product holds any more are removed.
 */
export const catalogCounts = pgTable(
  'catalog_counts',
  {
    /** The products' `categories` exactly as stored (migration 0035): a product is counted once, in its own list. */
    categories: text('categories').array().notNull(),
    brand: text('brand').notNull(),
    /** The products' `option_facets` exactly as stored (the triggers group by the array value). */
    optionFacets: text('option_facets').array().notNull(),
    products: integer('products').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categories, t.brand, t.optionFacets] })],
);

/**
 * The admin product table's filter and sort keys of every product (issue 29, migration 0025), kept by triggers on
 * `products` in the writer's transaction: a narrow copy whose indexes may read `total_stock`. On `products` such an
 * index would make every sale a non-HOT update writing an entry into each of its 40 indexes (migration 0019); here a
 * sale rewrites one short row and its three index entries. Stock sorts, stock filters and their counts read it
 * instead of sorting or scanning the catalog; the page's products are then read by id.
 */
export const adminProductKeys = pgTable(
  'admin_product_keys',
  {
    productId: uuid('product_id').primaryKey(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    /** The price the product sells at, in cents: the sale price when there is one (the admin's price sort). */
    priceCents: integer('price_cents').notNull(),
    totalStock: integer('total_stock').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  // The stock sorts' order, then the newest and price keys, so that a stock filter's rows sort for the default and
  // price orders from the index alone (an index-only scan) instead of reading rows spread over the whole table.
  (t) => [
    index('admin_product_keys_stock_idx').on(t.totalStock, t.productId, t.createdAt, t.priceCents),
    index('admin_product_keys_category_stock_idx').on(
      t.category,
      t.totalStock,
      t.productId,
      t.createdAt,
      t.priceCents,
    ),
  ],
);

/**
 * A product's options (issue 28): at most three (e.g. Size, Colour), each with its values in the order the shop shows
 * them. A product without options sells one default variant.
 */
export const productOptions = pgTable(
  'product_options',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** 0, 1 or 2: the option's place, which is also the place of its value in a variant's `option_values`. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    values: text('values').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.position] }),
    check('product_options_position', sql`${t.position} between 0 and 2`),
  ],
);

/**
 * What is sold and stocked (issue 28): one row per combination of option values that exists, or one default variant
 * for a product without options. Stock lives here; `products.total_stock` is the sum of its variants' stock, moved
 * in the same transaction as theirs (modules/orders/stock.ts, modules/variants), product row first. Prices are the
 * variant's own; `products.price_cents`/`sale_price_cents` are those of its cheapest variant, for the listing.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Stock keeping unit: unique in the shop regardless of letter case. */
    sku: text('sku').notNull(),
    /** One value per option, in the options' order; empty for a product without options. */
    optionValues: text('option_values')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    priceCents: integer('price_cents').notNull(),
    /** 0 means not on sale. */
    salePriceCents: integer('sale_price_cents').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    /** The photo shown when this variant is picked (e.g. the red one); null: the product's gallery. */
    imageKey: text('image_key'),
    /** Order in the admin's grid and the pickers. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('product_variants_stock_nonnegative', sql`${t.stock} >= 0`),
    check('product_variants_price_positive', sql`${t.priceCents} > 0`),
    check(
      'product_variants_sale_price_range',
      sql`${t.salePriceCents} >= 0 and ${t.salePriceCents} < ${t.priceCents}`,
    ),
    uniqueIndex('product_variants_sku_idx').on(sql`lower(${t.sku})`),
    uniqueIndex('product_variants_values_idx').on(t.productId, t.optionValues),
    index('product_variants_product_idx').on(t.productId, t.position),
  ],
);

/**
 * A product's photo gallery (issue 28), at most LIMITS.productImages in order; `products.image_key` is always the
 * first one's key (the spec's single image).
 */
export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    imageKey: text('image_key').notNull(),
    /** Text alternative for screen readers; empty: the product's title is used. */
    alt: text('alt').notNull().default(''),
  },
  (t) => [uniqueIndex('product_images_position_idx').on(t.productId, t.position)],
);

/**
 * Every change of a variant's price or sale price (issue 41, migration 0040, docs/decisions/019), written by a trigger
 * in the statement that makes it: the prices from `validFrom` until the variant's next row. A row on sale carries
 * when its uninterrupted reduction started and the prior price (cents): the lowest effective price in force in the
 * 30 days before that start (Directive 98/6/EC art. 6a). Rows out of force for 90 days are pruned (price-history).
 */
export const priceHistory = pgTable(
  'price_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    salePriceCents: integer('sale_price_cents').notNull(),
    /** The price paid: the sale price when above 0, else the price. */
    effectiveCents: integer('effective_cents').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
    /** On sale: when the uninterrupted run of rows on sale began. Null when not on sale. */
    reductionStartedAt: timestamp('reduction_started_at', { withTimezone: true }),
    /** On sale: the lowest effective price in the 30 days before `reductionStartedAt`. Null when not on sale. */
    priorPriceCents: integer('prior_price_cents'),
  },
  (t) => [
    check('price_history_prior_on_sale', sql`(${t.salePriceCents} > 0) = (${t.priorPriceCents} is not null)`),
    // Migration 0040 also INCLUDEs sale_price_cents and prior_price_cents, so the readers' probe reads the index alone.
    index('price_history_variant_idx').on(t.variantId, t.validFrom.desc(), t.id.desc()),
    index('price_history_valid_from_idx').on(t.validFrom),
  ],
);

export const featureImages = pgTable('feature_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  imageKey: text('image_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Saved delivery addresses; at most MAX_ADDRESSES per user (spec §9), enforced by the address service. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    phone: text('phone').notNull(),
    notes: text('notes').notNull(),
    /**
     * ISO 3166-1 alpha-2 country (issue 27). Null only for addresses saved before countries existed: start-up sets
     * them to `SHOP_COUNTRY`.
     */
    country: text('country'),
    /** The recipient's full name (issue 40), optional; null when none was given. */
    name: text('name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

/** One cart per user, created on first use; its id is the spec's cart `_id`. */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account's cart; null for a guest's (issue 41). */
    userId: uuid('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The guest session's cart in the open storefront (issue 41); null for an account's. */
    guestSessionId: uuid('guest_session_id')
      .unique()
      .references(() => guestSessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('carts_one_owner', sql`num_nonnulls(${t.userId}, ${t.guestSessionId}) = 1`)],
);

/**
 * Guest sessions of the open storefront (issue 41, docs/decisions/020): a visitor's first cart write creates one.
 * Only the SHA-256 of the opaque cookie token is stored; `expires_at` slides 30 days from the last renewal (renewed
 * at most once a day); `ended_at` is set when the guest signs in and the cart moves to the account.
 */
export const guestSessions = pgTable(
  'guest_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('guest_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Cart line items. `product_id` deliberately has no foreign key: deleting a product must not be blocked by carts,
 * and a line whose product is gone is dropped with a notice the next time the cart is read.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    /** The variant in the cart (issue 28); no foreign key, like `product_id`: a deleted variant's line is dropped. */
    variantId: uuid('variant_id').notNull(),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.variantId] }),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * Orders. Totals are computed by the server in cents; the shipping address is a copy taken at creation, so later
 * address edits or deletions never change a placed order. `stock_held` is true while the order's units are taken
 * out of stock (after a successful capture until a cancellation gives them back), which makes restoring stock
 * happen exactly once.
 */
/** Order numbers shoppers and the shop use (`#1001`, DESIGN.md §4): sequential per shop, from 1001. */
export const orderNumbers = pgSequence('orders_number_seq', { startWith: 1001 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The short sequential number (`#1001`) shown in the shop, the e-mails, the admin and the CSV (issue 26). */
    number: bigint('number', { mode: 'number' })
      .notNull()
      .unique()
      .default(sql`nextval('orders_number_seq')`),
    /** The account the order belongs to; null for a guest's order (issue 41), which has `guestEmail` instead. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * A guest's order (issue 41): the buyer's e-mail, trimmed and lower-cased like an account's. Exactly one of
     * `userId` and `guestEmail` is set (CHECK `orders_one_owner`); a claim on a verified address swaps it for the
     * account (modules/order-links/claim.ts).
     */
    guestEmail: text('guest_email'),
    cartId: uuid('cart_id'),
    orderStatus: text('order_status', {
      enum: ['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled'],
    })
      .notNull()
      .default('Pending'),
    paymentMethod: text('payment_method').notNull().default('paypal'),
    /**
     * `completed` once captured; `partially_refunded`/`refunded` after refunds (issue 26): the order stays paid, its
     * balance is `total_cents - refunded_cents`.
     */
    paymentStatus: text('payment_status', {
      enum: ['pending', 'completed', 'cancelled', 'partially_refunded', 'refunded'],
    })
      .notNull()
      .default('pending'),
    /** Which PaymentProvider created the payment (`sandbox` or `paypal`). */
    paymentProvider: text('payment_provider').notNull(),
    totalCents: integer('total_cents').notNull(),
    addressId: uuid('address_id'),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    phone: text('phone').notNull(),
    notes: text('notes').notNull(),
    /** The provider's payment/order id (PayPal order id, or the sandbox payment id). */
    paymentId: text('payment_id'),
    payerId: text('payer_id'),
    /** The provider's capture id once captured. */
    captureId: text('capture_id'),
    /** Message answered by capture, stored so that repeated captures answer the same result. */
    paymentMessage: text('payment_message'),
    stockHeld: boolean('stock_held').notNull().default(false),
    /** Where the shopper approves the payment (kept so a repeated create from the same cart reuses the order). */
    approvalUrl: text('approval_url'),
    /**
     * Set when capture has reserved the stock and is about to call the provider (DESIGN.md §4: capture in steps).
     * An order still pending with this set is resolved by the reconciliation job, which asks the provider.
     */
    capturingSince: timestamp('capturing_since', { withTimezone: true }),
    /** When the reconciliation job last asked the provider about this pending order. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * Set when the admin deleted a paid (or refunded) order (spec §7 delete): it leaves every list but stays for the
     * shop's accounts, so the dashboard's revenue does not change (DESIGN.md §4: paid orders are never destroyed).
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** The carrier that took the parcel (set with Shipped, issue 26), e.g. "UPS". */
    carrier: text('carrier'),
    /** The carrier's tracking number. */
    trackingNumber: text('tracking_number'),
    /** Where the shopper can follow the parcel (https only), when the admin gives one. */
    trackingUrl: text('tracking_url'),
    /** When the order was set to Shipped. */
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /**
     * The order's price breakdown (issue 27, modules/pricing), all cents: `subtotal` (lines at the prices paid),
     * `discount` (the code's), `shipping` and `tax`. Tax-exclusive prices: total = subtotal − discount + shipping +
     * tax; tax-inclusive (`prices_include_tax`): total = subtotal − discount + shipping, tax being part of it.
     * Orders from before issue 27 have subtotal = total and the rest 0.
     */
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    /** The shipping method chosen, as it was named (its id may be deleted later). */
    shippingMethodId: uuid('shipping_method_id'),
    shippingMethodName: text('shipping_method_name'),
    /** The discount code applied (upper-case), if any. */
    discountCode: text('discount_code'),
    /** The delivery country (ISO 3166-1 alpha-2) copied with the address. */
    country: text('country'),
    /** The recipient's full name copied with the address (issue 40); null when the address had none. */
    recipientName: text('recipient_name'),
    /** When the order was set to Delivered: the EU withdrawal period (14 days) runs from here (issue 26). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /**
     * The first instant after the withdrawal period (issue 46): midnight at the end of the 14th day after delivery in
     * the shop's time zone (SHOP_TIME_ZONE; Consumer Rights Directive art. 9 with Regulation 1182/71 art. 3), fixed
     * when the order is delivered (`withdrawalEndSql`). Null until delivered.
     */
    withdrawalEndsAt: timestamp('withdrawal_ends_at', { withTimezone: true }),
    /** Cents given back by completed refunds (issue 26). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /**
     * Cents taken by refunds not failed (in flight or completed). A refund is reserved by
     * `UPDATE … SET refund_reserved_cents = refund_reserved_cents + $n WHERE refund_reserved_cents + $n <= total_cents`,
     * so concurrent refunds can never exceed what was captured.
     */
    refundReservedCents: integer('refund_reserved_cents').notNull().default(0),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull().defaultNow(),
    orderUpdateDate: timestamp('order_update_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An order a discount code makes free costs 0 (issue 46); never less.
    check('orders_total_not_negative', sql`${t.totalCents} >= 0`),
    check(
      'orders_status_known',
      sql`${t.orderStatus} in ('Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled')`,
    ),
    check(
      'orders_payment_status_known',
      sql`${t.paymentStatus} in ('pending', 'completed', 'cancelled', 'partially_refunded', 'refunded')`,
    ),
    check(
      'orders_refunds_within_total',
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.refundReservedCents} and ${t.refundReservedCents} <= ${t.totalCents}`,
    ),
    check('orders_one_owner', sql`(${t.userId} is null) <> (${t.guestEmail} is null)`),
    check(
      'orders_guest_email_normalised',
      sql`${t.guestEmail} is null or ${t.guestEmail} = lower(btrim(${t.guestEmail}))`,
    ),
    index('orders_guest_email_idx')
      .on(t.guestEmail)
      .where(sql`${t.guestEmail} is not null`),
    index('orders_user_date_idx').on(t.userId, t.orderDate),
    index('orders_date_idx').on(t.orderDate),
    index('orders_paid_at_idx').on(t.paidAt),
    // The admin's "Unpaid checkouts" (issue 40): the few orders never paid, newest first.
    index('orders_unpaid_idx')
      .on(t.orderDate)
      .where(sql`${t.paidAt} is null`),
    index('orders_pending_idx')
      .on(t.orderDate)
      .where(sql`${t.paymentStatus} = 'pending'`),
    uniqueIndex('orders_payment_id_idx').on(t.paymentId),
    // The admin order search (issue 29): the end of an order's id, as the shopper sees it (`#a1b2c3`), through the
    // reversed text (a prefix of it); the start of the id is a range of the primary key.
    index('orders_id_suffix_idx').on(sql`reverse(${t.id}::text) text_pattern_ops`),
    // The dashboard's "refunds due" (few rows among a year of orders).
    index('orders_refund_due_idx')
      .on(t.orderDate)
      .where(
        sql`${t.orderStatus} = 'Cancelled' and ${t.paymentStatus} in ('completed', 'partially_refunded') and ${t.refundReservedCents} < ${t.totalCents}`,
      ),
  ],
);

/**
 * The dashboard's revenue per UTC day of payment (issue 29, docs/decisions/015): paid orders that are not cancelled,
 * counted and summed net of refunds (`total_cents - refunded_cents`), as dashboard/service.ts defines revenue. Kept
 * exact by a trigger on `orders` (migration 0021) in the transaction of every change to an order's payment, status,
 * total or refunds. Each day is split into a few slots (the writer's backend pid modulo 8), so that concurrent
 * captures add to different rows instead of queueing on one; readers sum the slots.
 */
export const orderDayTotals = pgTable(
  'order_day_totals',
  {
    day: date('day').notNull(),
    slot: integer('slot').notNull(),
    paidOrders: integer('paid_orders').notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.slot] })],
);

/**
 * Orders per status and archived or not (issue 29): the dashboard's counts by status and the admin order list's
 * totals, kept by the same trigger as `order_day_totals`, slotted the same way (every checkout adds a Pending order).
 */
export const orderStatusTotals = pgTable(
  'order_status_totals',
  {
    orderStatus: text('order_status').notNull(),
    archived: boolean('archived').notNull(),
    /** Checkouts never paid (no `paid_at`, issue 40, migration 0036): not orders, counted apart. */
    unpaid: boolean('unpaid').notNull().default(false),
    slot: integer('slot').notNull(),
    orders: integer('orders').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderStatus, t.archived, t.unpaid, t.slot] })],
);

/**
 * Transactional outbox for e-mail (DESIGN.md §4): a message is written in the same transaction as the event that
 * causes it (a paid order), and a worker sends it with retries. `(kind, order_id)` is unique, so each order gets
 * each kind of mail at most once; `sent_at` marks delivery.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['order-confirmation', 'account'] }).notNull(),
    /** The order of an order confirmation; null for account mail. */
    orderId: uuid('order_id'),
    /**
     * An account message, rendered when it was queued (`{to, subject, text, html}`); wiped once sent, since it may
     * carry a single-use link (issue 25). Null for order confirmations, which are rendered when sent.
     */
    message: jsonb('message').$type<{ to: string; subject: string; text: string; html: string }>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker's claim: others skip the row until this time passes (a crashed worker's claim expires). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_outbox_kind_order_idx').on(t.kind, t.orderId),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * Order line items: a copy of the product as it was sold (title, image, description, unit price in cents), so
 * deleting or repricing a product never changes past orders. `product_id` has no foreign key for the same reason.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    title: text('title').notNull(),
    imageKey: text('image_key').notNull(),
    description: text('description').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** Units refunded or being refunded (reserved with the refund, released if it fails; issue 26). */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    /** Cents refunded or being refunded for those units (reserved with them; issue 46: refunds allocate by units). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Units given back to stock after the order took them (a line refund with restock; issue 26). */
    restockedQuantity: integer('restocked_quantity').notNull().default(0),
    /**
     * Units refunded without going back to stock while the order held it (the shopper keeps them, or they are written
     * off; issue 46): a later cancellation does not give them back.
     */
    keptQuantity: integer('kept_quantity').notNull().default(0),
    /** The line's share of the order's discount (cents, issue 27). */
    discountCents: integer('discount_cents').notNull().default(0),
    /** The line's tax (cents, issue 27): added to it (tax-exclusive prices) or contained in it (tax-inclusive). */
    taxCents: integer('tax_cents').notNull().default(0),
    /** The variant sold (issue 28); null for lines from before variants. No foreign key: a copy, like the rest. */
    variantId: uuid('variant_id'),
    /** The variant's SKU and option values as sold, e.g. `[{"name":"Size","value":"42"}]` (empty: no options). */
    sku: text('sku'),
    options: jsonb('options').$type<Array<{ name: string; value: string }>>().notNull().default([]),
  },
  (t) => [
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'order_items_refunded_within_quantity',
      sql`${t.refundedQuantity} between 0 and ${t.quantity} and ${t.restockedQuantity} between 0 and ${t.quantity}`,
    ),
    check(
      'order_items_stock_settled_within_quantity',
      sql`${t.keptQuantity} >= 0 and ${t.restockedQuantity} + ${t.keptQuantity} <= ${t.quantity} and ${t.refundedCents} >= 0`,
    ),
    check('order_items_price_positive', sql`${t.unitPriceCents} > 0`),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
  ],
);

/**
 * Refunds (issue 26, DESIGN.md §4 "Money, stock and orders"), done in steps like capture: reserved in a transaction
 * (`pending`, the order's `refund_reserved_cents` and the lines' `refunded_quantity` taken), sent to the provider
 * outside any transaction with `PayPal-Request-Id: refund-<id>`, then recorded (`completed`: the order's
 * `refunded_cents` and payment status; or `failed`: the reservation given back). A refund left `pending` by a crash
 * or a time-out is sent again by the reconciliation job with the same request id, so the provider refunds once.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    /** Why: `admin` (a refund from the admin), `cancellation` (admin or shopper cancel), `withdrawal`. */
    source: text('source', { enum: ['admin', 'cancellation', 'withdrawal'] }).notNull(),
    /** The lines refunded (`[{orderItemId, quantity}]`); empty for a refund of an amount or the balance. */
    /** The refunded units per line and the cents they take (`amountCents`, issue 46; absent on older refunds). */
    lines: jsonb('lines')
      .$type<Array<{ orderItemId: string; quantity: number; amountCents?: number }>>()
      .notNull()
      .default([]),
    /** Give the refunded lines' units back to stock once the refund completes. */
    restock: boolean('restock').notNull().default(false),
    reason: text('reason'),
    /** Who asked for it (an admin, or the shopper who cancelled); null for the shop itself. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The provider's refund id once it answered. */
    providerRefundId: text('provider_refund_id'),
    /** Provider calls made (the first and the job's retries). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the reconciliation job last sent this pending refund again. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    index('refunds_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Withdrawals from the contract (issue 26; Directive (EU) 2023/2673, Consumer Rights Directive Art. 11a): one per
 * order, within 14 days of delivery. `content` is what the shopper confirmed (order number, lines), kept as sent in
 * the acknowledgement; `processed_at` is set when the order is refunded in full.
 */
export const withdrawals = pgTable('withdrawals', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  /** Null for a guest's order (issue 41). */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  content: jsonb('content')
    .$type<{ orderNumber: number; lines: Array<{ title: string; quantity: number }> }>()
    .notNull(),
  reason: text('reason'),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

/**
 * What happened to an order (issue 26 timeline), besides being placed and paid (read from the order row). `actor_id`
 * and `actor_name` name the admin or shopper who acted (the name as it was); both null for the shop itself (payment
 * failure, reconciliation). `amount_cents` is set on refunds.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['shipped', 'delivered', 'cancelled', 'refunded', 'withdrawal_requested'],
    }).notNull(),
    amountCents: integer('amount_cents'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    actorRole: text('actor_role', { enum: ['admin', 'user'] }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * Shipping methods (issue 27, admin "Shipping"): offered at checkout for the countries they serve (none listed: every
 * country), at `price_cents`, free when the subtotal after discount reaches `free_above_cents`. Inactive ones are
 * kept (orders name them) but never offered.
 */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** ISO 3166-1 alpha-2 codes; empty: every country. */
    countries: text('countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    priceCents: integer('price_cents').notNull(),
    freeAboveCents: integer('free_above_cents'),
    /** Delivery estimate in days (both or neither). */
    minDays: integer('min_days'),
    maxDays: integer('max_days'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shipping_methods_price', sql`${t.priceCents} >= 0 and coalesce(${t.freeAboveCents}, 0) >= 0`),
    check(
      'shipping_methods_days',
      sql`coalesce(${t.minDays}, 0) >= 0 and coalesce(${t.maxDays}, ${t.minDays}, 0) >= coalesce(${t.minDays}, 0)`,
    ),
  ],
);

/**
 * Tax rates (issue 27, admin "Taxes"): one per country, optionally per region (matched against the address's state,
 * ignoring case); a region's rate wins over its country's. `rate_bp` is in basis points (2000 = 20 %).
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    country: text('country').notNull(),
    /** Empty: the whole country. */
    region: text('region').notNull().default(''),
    name: text('name').notNull(),
    rateBp: integer('rate_bp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tax_rates_rate', sql`${t.rateBp} between 0 and 10000`),
    uniqueIndex('tax_rates_place_idx').on(t.country, sql`lower(${t.region})`),
  ],
);

/**
 * Shop-wide settings, one row per key: `prices_include_tax` (issue 27, a JSON boolean, default false) and `returns`
 * (issue 40, `{address, instructions}`: where withdrawn items go back, modules/shop-settings).
 */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/**
 * Discount codes (issue 27, admin "Discounts"): a percentage (`value` in whole percent, 1–100) or a fixed amount
 * (`value` in cents) off the price actually paid of the lines in scope (all, or those of `categories`/`brands`),
 * from `starts_at` to `ends_at`, above `min_subtotal_cents`. `uses` counts orders holding it: taken in the order's
 * transaction by `UPDATE … SET uses = uses + 1 WHERE uses < max_uses` and given back when an unpaid order is
 * cancelled, so the limit holds under concurrency.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper-case, unique. */
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    value: integer('value').notNull(),
    minSubtotalCents: integer('min_subtotal_cents'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    brands: text('brands')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('discount_codes_value', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check('discount_codes_uses', sql`${t.uses} >= 0 and ${t.uses} <= coalesce(${t.maxUses}, ${t.uses})`),
  ],
);

/**
 * Which order holds which code (issue 27), for the per-customer limit and the usage figures; `released_at` is set
 * when the order was cancelled unpaid and its use given back.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeId: uuid('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    discountCents: integer('discount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [index('discount_redemptions_code_user_idx').on(t.codeId, t.userId)],
);

/**
 * Payments of the built-in `sandbox` provider (DESIGN.md §4 Payments): the demo stand-in for PayPal's own records.
 * Kept in the database so that any server instance can show, approve and capture them.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: ['created', 'approved', 'captured', 'cancelled', 'refunded'] })
      .notNull()
      .default('created'),
    payerId: text('payer_id'),
    captureId: text('capture_id'),
    /** Cents refunded of the capture (issue 26); the status is `refunded` once it reaches the amount. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_payments_order_idx').on(t.orderId)],
);

/**
 * Refunds of the `sandbox` provider (issue 26), keyed by the caller's request id like PayPal-Request-Id: sending the
 * same refund again answers the refund already made.
 */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  requestId: text('request_id').primaryKey(),
  /** The refund id answered (`SBX-R…`). */
  id: text('id').notNull().unique(),
  paymentId: uuid('payment_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Product reviews: one per user and product. Whether one is a verified purchase is read with it (reviews/service.ts
 * `standingPurchase`, issue 46), never stored: a refund or a cancellation changes it.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    uniqueIndex('reviews_product_user_idx').on(t.productId, t.userId),
    index('reviews_product_date_idx').on(t.productId, t.createdAt),
  ],
);

export const schema = {
  mailOutbox,
  users,
  sessions,
  accountTokens,
  recoveryCodes,
  products,
  catalogCounts,
  productOptions,
  productVariants,
  productImages,
  featureImages,
  addresses,
  carts,
  guestSessions,
  cartItems,
  orders,
  orderDayTotals,
  orderStatusTotals,
  orderItems,
  refunds,
  withdrawals,
  orderEvents,
  reviews,
  sandboxPayments,
  sandboxRefunds,
  shippingMethods,
  taxRates,
  shopSettings,
  discountCodes,
  discountRedemptions,
};

/**
 * The catalog's words for search (modules/search, docs/decisions/006): every word of the products' titles, brands,
 * categories and descriptions with the number of products that contain it. Kept by triggers on `products`
 * (migration 0007), so every writer (admin API, seed, tests, SQL by hand) keeps it exact. `term` is the word
 * lower-cased, accent-folded and without punctuation (`loreal`, `tshirt`); `phrase` is the word as the products
 * write it (`l'oréal`, `t-shirt`), which search turns into a full-text query.
 */
export const searchVocabulary = pgTable(
  'search_vocabulary',
  {
    term: text('term').notNull(),
    phrase: text('phrase').notNull(),
    docCount: integer('doc_count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.term, t.phrase] }),
    // The triggers delete the words no product uses any more through this (small) index.
    index('search_vocabulary_unused_idx')
      .on(t.term)
      .where(sql`${t.docCount} <= 0`),
  ],
);

/** One row: bumped by the vocabulary triggers whenever a word is added or removed, so servers reload their copy. */
export const searchVocabularyState = pgTable(
  'search_vocabulary_state',
  {
    id: integer('id').primaryKey().default(1),
    version: integer('version').notNull().default(0),
  },
  (t) => [check('search_vocabulary_state_single_row', sql`${t.id} = 1`)],
);

/**
 * Search synonyms (an admin may add rows): a shopper's word (`term`, lower-case, accent-folded, no punctuation) also
 * finds products containing `synonym` (words as the catalog writes them: `television` → `tv`). Seeded by migration
 * 0007 with the brand and category synonyms the demo catalog implies.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    term: text('term').notNull(),
    synonym: text('synonym').notNull(),
  },
  (t) => [primaryKey({ columns: [t.term, t.synonym] })],
);

/**
 * Signed order links (issue 41): an opaque token (32 random bytes, base64url) that opens exactly one order, without a
 * session, for 90 days unless revoked (a claim into an account revokes them). Only its SHA-256 is stored. `purpose`:
 * sent with an order e-mail, or by "Find my order" (counted per address and hour).
 */
export const orderLinks = pgTable(
  'order_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['order-mail', 'find-my-order'] })
      .notNull()
      .default('order-mail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    check('order_links_purpose_known', sql`${t.purpose} in ('order-mail', 'find-my-order')`),
    index('order_links_order_idx').on(t.orderId, t.createdAt),
  ],
);
