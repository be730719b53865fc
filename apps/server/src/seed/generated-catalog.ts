/**
 * Large generated catalogs for benchmarks (issue 29: `npm run seed -- --products 1000000 --reviews --orders 300000`),
 * written in bulk SQL so that a million products take minutes, not hours. Every row is what the normal write path
 * would leave, and the derived data is made exact explicitly rather than by the per-row triggers:
 * - products: editions of the catalog's first 1,000 products (brand, category, description and image kept, so brands
 *   stay in their categories), titled `<base title> <finish> <edition>, Style <n>`, prices within ±40 % of the base,
 *   a quarter on sale, 5 % sold out, created over the last two years;
 * - four variants each, Size (EU sizes for Shoes, letters otherwise) × Colour, whose stock adds up to `total_stock`,
 *   with `option_facets`/`option_text` as modules/products/facets.ts writes them and the gallery's first photo;
 * - with `reviews`: about a third of the products get 1-6 reviews from generated shoppers, and `average_rating`/
 *   `reviews_count` are computed from exactly those reviews;
 * - the search vocabulary (migration 0007) counted again over the whole catalog, as migration 0018 does.
 * The per-row triggers `products_default_variant` and `product_variants_stock_total` and the statement triggers
 * `products_search_vocabulary_insert` and `catalog_counts_insert` are switched off for the load only, and so is
 * `order_totals_insert_delete` for the orders (every other trigger, e.g. the search documents', runs as usual); the
 * generator writes what they would have written. When the load more than doubles the table, the secondary indexes of the tables it writes
 * are dropped first and built again afterwards from their own definitions (pg_get_indexdef), which is several times
 * faster than maintaining them row by row. Each phase is one transaction: a failure leaves the database as it was.
 * `fillOrders` adds a year of orders from generated shoppers. Pseudo-randomness is `hashint8extended(i, stream)`, so a
 * product's or order's attributes depend only on its position, and a run is the same every time (ids aside).
 */
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../db/client.ts';
import { withdrawalEndSql } from '../modules/orders/order-view.ts';

const SHOE_SIZES = ['39', '40', '41', '42', '43', '44', '45'];
const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const COLOURS = ['Black', 'White', 'Navy', 'Red', 'Olive', 'Beige', 'Grey', 'Burgundy'];
const FINISHES = [
  'Midnight',
  'Graphite',
  'Arctic White',
  'Ocean Blue',
  'Forest Green',
  'Sand',
  'Charcoal',
  'Rose Gold',
  'Stone Grey',
  'Crimson',
  'Ivory',
  'Slate',
  'Coral',
  'Sage',
  'Cobalt',
  'Copper',
];
const EDITIONS = [
  '2024 Model',
  '2025 Model',
  'Limited Edition',
  'Gift Set',
  'Travel Size',
  '2-Pack',
  'Bundle',
  'Sport Edition',
  'Studio Edition',
  'Essentials',
  'Signature',
  'Renewed',
];
const FIRST_NAMES = [
  'Emma',
  'Liam',
  'Olivia',
  'Noah',
  'Ava',
  'Lucas',
  'Mia',
  'Leo',
  'Sofia',
  'Elias',
  'Amelia',
  'Mateo',
  'Chloe',
  'Hugo',
  'Zoe',
  'Arjun',
  'Aisha',
  'Kenji',
  'Ines',
  'Tomas',
];
const LAST_NAMES = [
  'Smith',
  'Garcia',
  'Müller',
  'Rossi',
  'Dubois',
  'Nowak',
  'Jensen',
  'Silva',
  'Kim',
  'Patel',
  'Okafor',
  'Cohen',
  'Novak',
  'Larsen',
  'Haddad',
  'Tanaka',
  'Moreau',
  'Fischer',
  'Costa',
  'Brown',
];
const CITIES = [
  'London',
  'Berlin',
  'Paris',
  'Madrid',
  'Rome',
  'Amsterdam',
  'Vienna',
  'Dublin',
  'Lisbon',
  'Oslo',
];
/** Review comments by rating (index 0: one star). */
const COMMENTS = [
  ['Broke after a week, sent it back.', 'Not as described, disappointed.'],
  ['Cheaper materials than I expected.', 'Works, but the fit is off.'],
  ['Does the job, nothing special.', 'Fine for the price.'],
  ['Good quality, arrived quickly.', 'Nice, I would buy it again.'],
  ['Excellent, exactly what I wanted.', 'Love it, great value.', 'Perfect gift, very happy.'],
];

/**
 * Shoppers the generator creates for reviews and orders (`shopper-<n>@example.test`; they cannot sign in): one per
 * 20 products or 6 orders, from 1,000 up to 50,000.
 */
function shoppersFor(rows: number, per: number): number {
  return Math.min(50_000, Math.max(1_000, Math.ceil(rows / per)));
}

/** A whole number written into the SQL text (the generator's own constants, never input). */
const int = (n: number) => sql.raw(String(Math.trunc(n)));
/** `u(i, stream)`: a number in [0, 1) that depends only on `i` and the stream number (SQL). */
const u = (i: SQL, stream: number) =>
  sql`((hashint8extended(${i}::bigint, ${int(stream)}) & 2147483647)::float8 / 2147483648)`;
/** `pick(i, stream, n)`: a whole number in [0, n) (SQL). */
const pick = (i: SQL, stream: number, n: SQL | number) =>
  sql`((hashint8extended(${i}::bigint, ${int(stream)}) & 2147483647) % (${typeof n === 'number' ? int(n) : n}))::int`;
const textArray = (values: readonly string[]) => sql`${sql.param(values)}::text[]`;

/**
 * Triggers on `products` switched off while the generator loads it; it writes what they would have written itself
 * (default variants and photos, the search vocabulary, catalog_counts).
 */
const PRODUCT_LOAD_TRIGGERS = [
  'products_default_variant',
  'products_search_vocabulary_insert',
  'catalog_counts_insert',
];

/** Runs `work` in one transaction without the statement time-outs the server's connections have. */
async function bulk<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    return work(tx as unknown as Db);
  });
}

/**
 * Drops the indexes of `tables` that back no constraint and returns a function that builds them again from their
 * definitions; the load in between writes no index entries one by one.
 */
async function withoutIndexes(tx: Db, tables: string[]): Promise<() => Promise<void>> {
  const indexes = await selectRows<{ name: string; def: string }>(
    tx,
    sql`select ci.relname as name, pg_get_indexdef(i.indexrelid) as def
        from pg_index i join pg_class t on t.oid = i.indrelid join pg_class ci on ci.oid = i.indexrelid
        join pg_namespace n on n.oid = t.relnamespace
        where n.nspname = current_schema() and t.relname = any(${textArray(tables)})
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  );
  for (const { name } of indexes) await tx.execute(sql.raw(`drop index "${name}"`));
  return async () => {
    for (const { def } of indexes) await tx.execute(sql.raw(def));
  };
}

/**
 * Creates generated shoppers up to `wanted` (those that exist are kept) and the table `gen_shoppers(n, id)` of all
 * of them, numbered from 0; returns how many there are.
 */
async function shoppers(tx: Db, wanted: number): Promise<number> {
  await tx.execute(sql`
    insert into users (user_name, email, password_hash, created_at, email_verified_at)
    select (${textArray(FIRST_NAMES)})[1 + n % ${FIRST_NAMES.length}] || ' ' ||
             (${textArray(LAST_NAMES)})[1 + (n / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
           'shopper-' || n || '@example.test',
           -- Not an argon2 hash: verification fails for every password, so nobody can sign in as them.
           '!generated',
           now() - interval '800 days' * ${u(sql`n`, 90)},
           now() - interval '700 days' * ${u(sql`n`, 90)}
    from generate_series(0, ${wanted - 1}::int) n
    on conflict (email) do nothing`);
  await tx.execute(sql`create temp table gen_shoppers on commit drop as
    select substring(email from '^shopper-([0-9]+)@')::int as n, id from users
    where email ~ '^shopper-[0-9]+@example[.]test$'`);
  await tx.execute(sql`create unique index on gen_shoppers (n)`);
  const [{ n } = { n: 0 }] = await selectRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from gen_shoppers`,
  );
  return n;
}

/**
 * Grows the catalog to `target` products (see the module comment); with `reviews`, generated products get reviews
 * from generated shoppers. Needs at least one product to take editions of (the demo catalog). Returns how many
 * products it added (0 when the catalog already has `target`).
 */
export async function fillCatalog(
  db: Db,
  target: number,
  { reviews = false }: { reviews?: boolean } = {},
): Promise<number> {
  return bulk(db, async (tx) => {
    const [{ n: existing } = { n: 0 }] = await selectRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from products`,
    );
    if (existing >= target) return 0;
    await tx.execute(sql`create temp table gen_base on commit drop as
      select (row_number() over (order by created_at, id) - 1)::int as b, title, description, category, brand,
             price_cents, image_key
      from (select * from products order by created_at, id limit 1000) p`);
    const [{ n: bases } = { n: 0 }] = await selectRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from gen_base`,
    );
    if (bases === 0) throw new Error('Seed the demo catalog first');
    const i = sql`g.i`;
    const sizeCount = sql`case when b.category = 'Shoes' then ${int(SHOE_SIZES.length)} else ${int(LETTER_SIZES.length)} end`;
    await tx.execute(sql`create temp table gen on commit drop as
      select y.*,
        'Size ' || array_to_string(y.size_pair, ' ') || ' Colour ' || array_to_string(y.colour_pair, ' ') as option_text
      from (select x.*,
        array[x.sizes[x.s], x.sizes[x.s + 1]] as size_pair,
        array[(${textArray(COLOURS)})[1 + x.c], (${textArray(COLOURS)})[1 + (x.c + 1) % ${int(COLOURS.length)}]] as colour_pair
      from (select g.i, gen_random_uuid() as id, b.*,
        greatest(100, round(b.price_cents * (0.6 + 0.8 * ${u(i, 2)})))::int as price,
        ${u(i, 3)} < 0.25 as on_sale,
        case when ${u(i, 4)} < 0.05 then 0 else ${pick(i, 5, 200)} end as stock,
        case when b.category = 'Shoes' then ${textArray(SHOE_SIZES)} else ${textArray(LETTER_SIZES)} end as sizes,
        1 + ${pick(i, 10, sql`${sizeCount} - 1`)} as s,
        ${pick(i, 6, COLOURS.length)} as c,
        ${pick(i, 14, FINISHES.length)} as f,
        ${pick(i, 15, EDITIONS.length)} as e,
        100 + ${pick(i, 16, 900)} as style,
        now() - interval '730 days' * ${u(i, 7)} as created_at,
        case when ${sql.raw(String(reviews))} and ${u(i, 8)} < 0.3 then 1 + ${pick(i, 9, 6)} else 0 end as review_count
      from generate_series(${existing}::int, ${target - 1}::int) g(i)
      join gen_base b on b.b = ${pick(i, 1, bases)}) x) y`);
    // Four variants: Size × Colour, the stock split in four whole shares that add up to it (the first take the rest).
    await tx.execute(sql`create temp table gen_variant on commit drop as
      select g.i, g.id, g.size_pair[1 + p / 2] as size, g.colour_pair[1 + p % 2] as colour, p as position,
        g.stock / 4 + case when p < g.stock % 4 then 1 else 0 end as stock
      from gen g cross join generate_series(0, 3) p`);
    const shopperCount = reviews ? await shoppers(tx, shoppersFor(target - existing, 20)) : 1;
    await tx.execute(sql`create temp table gen_review on commit drop as
      select g.i, g.id, j,
        case when r < 45 then 5 when r < 70 then 4 when r < 82 then 3 when r < 90 then 2 else 1 end as rating,
        ${pick(sql`g.i * 8 + j`, 11, shopperCount)} as shopper,
        g.created_at + (now() - g.created_at) * ${u(sql`g.i * 8 + j`, 12)} as created_at
      from gen g, generate_series(0, g.review_count - 1) j,
        lateral (select ${pick(sql`g.i * 8 + j`, 13, 100)} as r) rr`);
    // A review needs its shopper (numbers with a gap, e.g. a deleted one, are skipped), and two reviews of one
    // product by the same shopper would break the one-review rule: keep the first.
    if (reviews) {
      await tx.execute(
        sql`delete from gen_review r where not exists (select 1 from gen_shoppers s where s.n = r.shopper)`,
      );
    }
    await tx.execute(sql`delete from gen_review a using gen_review b
      where a.id = b.id and a.shopper = b.shopper and a.j > b.j`);

    const rebuildIndexes =
      target - existing > existing
        ? await withoutIndexes(tx, [
            'products',
            'product_variants',
            'product_options',
            'product_images',
            'reviews',
          ])
        : undefined;
    for (const trigger of PRODUCT_LOAD_TRIGGERS)
      await tx.execute(sql.raw(`alter table products disable trigger ${trigger}`));
    await tx.execute(sql`alter table product_variants disable trigger product_variants_stock_total`);

    await tx.execute(sql`
      insert into products (id, title, description, image_key, category, brand, price_cents, sale_price_cents,
        total_stock, average_rating, reviews_count, option_facets, option_text, created_at, updated_at)
      select g.id,
        g.title || ' ' || (${textArray(FINISHES)})[1 + g.f] || ' ' || (${textArray(EDITIONS)})[1 + g.e] || ', Style ' ||
          g.style,
        g.description, g.image_key, g.category, g.brand, g.price,
        case when g.on_sale then round(g.price * (0.7 + 0.2 * ${u(sql`g.i`, 17)}))::int else 0 end,
        g.stock, coalesce(r.average, 0), coalesce(r.n, 0), f.facets, g.option_text, g.created_at, g.created_at
      from gen g
      left join (select id, avg(rating)::real as average, count(*)::int as n from gen_review group by id) r
        on r.id = g.id
      -- In the order facetEntries (modules/products/facets.ts) writes them: each size and colour, and each variant.
      cross join lateral (select lower(g.size_pair[1]) as s1, lower(g.size_pair[2]) as s2,
          lower(g.colour_pair[1]) as c1, lower(g.colour_pair[2]) as c2) l
      cross join lateral (select
          array['size:' || s1, 'colour:' || c1, 'v:' || s1 || '|' || c1, 'colour:' || c2, 'v:' || s1 || '|' || c2,
                'size:' || s2, 'v:' || s2 || '|' || c1, 'v:' || s2 || '|' || c2] as facets) f
      order by g.i`);
    await tx.execute(sql`
      insert into product_variants (product_id, sku, option_values, price_cents, sale_price_cents, stock, position,
        created_at)
      select v.id, 'B-' || upper(substr(replace(v.id::text, '-', ''), 1, 16)) || '-' || v.size || '-' ||
          upper(substr(v.colour, 1, 3)),
        array[v.size, v.colour], p.price_cents, p.sale_price_cents, v.stock, v.position, p.created_at
      from gen_variant v join products p on p.id = v.id
      order by v.i, v.position`);
    await tx.execute(sql`
      insert into product_options (product_id, position, name, "values")
      select id, 0, 'Size', size_pair from gen union all select id, 1, 'Colour', colour_pair from gen`);
    await tx.execute(sql`
      insert into product_images (product_id, position, image_key) select id, 0, image_key from gen`);
    if (reviews) {
      await tx.execute(sql`
        insert into reviews (product_id, user_id, rating, comment, created_at)
        select r.id, s.id, r.rating,
          (${JSON.stringify(COMMENTS)}::jsonb -> (r.rating - 1)
            ->> ${pick(sql`r.i * 8 + r.j`, 18, 2)}),
          r.created_at
        from gen_review r join gen_shoppers s on s.n = r.shopper`);
    }

    await tx.execute(sql`alter table product_variants enable trigger product_variants_stock_total`);
    for (const trigger of PRODUCT_LOAD_TRIGGERS)
      await tx.execute(sql.raw(`alter table products enable trigger ${trigger}`));
    // What the catalog_counts_insert trigger (migration 0020) would have added, one upsert per group.
    await tx.execute(sql`
      insert into catalog_counts as c (categories, brand, option_facets, products)
      select p.categories, p.brand, p.option_facets, count(*)::int from products p join gen g on g.id = p.id
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (categories, brand, option_facets) do update set products = c.products + excluded.products`);
    if (rebuildIndexes) await rebuildIndexes();
    await addGeneratedVocabulary(tx);
    await tx.execute(sql`analyze products`);
    return target - existing;
  });
}

/**
 * Adds the words of the products the generator added (table `gen`) to the search vocabulary, as the insert trigger
 * would (migration 0007's `search_vocabulary_change`: `doc_count` is the number of products whose text holds the
 * phrase). Running `search_phrases` over a million descriptions takes a quarter of an hour, so it runs over the parts
 * a generated text is made of instead — the base product's title, brand, category and description, the finish, the
 * edition, "Style <n>" and the option text — which are separated by spaces or commas, where `search_phrases` splits
 * words: a product's phrases are the union of its parts'. A phrase found in one kind of part is counted per part
 * value; one found in several kinds (e.g. "black" in descriptions and options) is counted per product, so that a
 * product holding it twice counts once. The test compares the result with a count from scratch.
 */
async function addGeneratedVocabulary(tx: Db): Promise<void> {
  await tx.execute(sql`create temp table gen_phrase on commit drop as
    select 'b' as kind, b.b as key, t.term, t.phrase from gen_base b,
      lateral search_phrases(b.title || ' ' || b.brand || ' ' || b.category || ' ' || b.description) t
    union all
    select 'f', (n - 1)::int, t.term, t.phrase from unnest(${textArray(FINISHES)}) with ordinality w(value, n),
      lateral search_phrases(w.value) t
    union all
    select 'e', (n - 1)::int, t.term, t.phrase from unnest(${textArray(EDITIONS)}) with ordinality w(value, n),
      lateral search_phrases(w.value) t
    union all
    select 's', n, t.term, t.phrase from generate_series(100, 999) n, lateral search_phrases('Style ' || n) t`);
  // The distinct option texts, numbered, so that every kind of part has an integer key.
  await tx.execute(sql`create temp table gen_option on commit drop as
    select (row_number() over ())::int as key, text from (select distinct option_text as text from gen) o`);
  await tx.execute(sql`insert into gen_phrase
    select 'o', o.key, t.term, t.phrase from gen_option o, lateral search_phrases(o.text) t`);
  await tx.execute(sql`create temp table gen_keys on commit drop as
    select g.i, g.b, g.f, g.e, g.style as s, o.key as o from gen g join gen_option o on o.text = g.option_text`);
  await tx.execute(sql`create temp table gen_shared on commit drop as
    select term, phrase from gen_phrase group by 1, 2 having count(distinct kind) > 1`);
  const perKind = (
    kind: string,
  ) => sql`select ${kind}::text as kind, ${sql.raw(kind)} as key, count(*)::int as n
    from gen_keys group by 2`;
  const products = (kind: string) => sql`select k.i, p.term, p.phrase from gen_keys k
    join gen_phrase p on p.kind = ${kind}::text and p.key = k.${sql.raw(kind)}
    join gen_shared s on s.term = p.term and s.phrase = p.phrase`;
  const kinds = ['b', 'f', 'e', 's', 'o'];
  await tx.execute(sql`
    insert into search_vocabulary as v (term, phrase, doc_count)
    select term, phrase, n from (
      select p.term, p.phrase, sum(c.n)::int as n
      from (${sql.join(kinds.map(perKind), sql` union all `)}) c
      join gen_phrase p on p.kind = c.kind and p.key = c.key
      where not exists (select 1 from gen_shared s where s.term = p.term and s.phrase = p.phrase)
      group by 1, 2
      union all
      select term, phrase, count(*)::int from (
        select distinct * from (${sql.join(kinds.map(products), sql` union all `)}) x) d
      group by 1, 2) counted
    order by term, phrase
    on conflict (term, phrase) do update set doc_count = v.doc_count + excluded.doc_count`);
  // Servers reload their copy when the version moves (migration 0007).
  await tx.execute(sql`update search_vocabulary_state set version = version + 1 where id = 1`);
}

/**
 * Adds `count` orders from generated shoppers over the last `days` days (more of them recent), numbered in date
 * order, each with 1-3 lines of random variants at their current effective price. Statuses as time leaves them:
 * orders of the last day may be unpaid (Pending), paid ones are Processing for 2 days, Shipped until day 6, then
 * Delivered; 6 % are Cancelled (half unpaid, half paid and refunded in full, with their refund) and 3 % of the
 * delivered ones are partly refunded. Totals are the sum of the lines (no shipping, tax or discount). Returns `count`.
 */
export async function fillOrders(db: Db, count: number, days = 365): Promise<number> {
  if (count <= 0) return 0;
  return bulk(db, async (tx) => {
    const shopperCount = await shoppers(tx, shoppersFor(count, 6));
    const [{ n: start } = { n: 0 }] = await selectRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from orders`,
    );
    await tx.execute(sql`create temp table gen_product on commit drop as
      select (row_number() over (order by id) - 1)::int as n, id, title, description, image_key from products`);
    await tx.execute(sql`create unique index on gen_product (n)`);
    const [{ n: productCount } = { n: 0 }] = await selectRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from gen_product`,
    );
    if (productCount === 0) throw new Error('Seed the catalog first');
    const k = sql`g.k`;
    await tx.execute(sql`create temp table gen_order on commit drop as
      select g.k, gen_random_uuid() as id, s.id as user_id,
        now() - interval '1 day' * ${days} * power(${u(k, 20)}, 1.3) as order_date,
        ${u(k, 21)} as fate, ${u(k, 22)} as refund
      from generate_series(${start}::int, ${start + count - 1}::int) g(k)
      join gen_shoppers s on s.n = ${pick(k, 23, shopperCount)}`);
    await tx.execute(sql`create temp table gen_line on commit drop as
      select o.id as order_id, l, p.id as product_id, p.title, p.description, p.image_key, v.id as variant_id,
        v.sku, coalesce(opt.options, '[]'::jsonb) as options,
        case when v.sale_price_cents > 0 then v.sale_price_cents else v.price_cents end as unit_price,
        case when ${pick(sql`o.k * 4 + l`, 24, 10)} = 0 then 2 else 1 end as quantity
      from gen_order o
      cross join lateral generate_series(0, ${pick(sql`o.k`, 25, 3)}) l
      join gen_product p on p.n = ${pick(sql`o.k * 4 + l`, 26, productCount)}
      cross join lateral (select * from product_variants v where v.product_id = p.id
                          order by v.position limit 1 offset ${pick(sql`o.k * 4 + l`, 27, 4)} % (
                            select count(*) from product_variants c where c.product_id = p.id)) v
      left join lateral (select jsonb_agg(jsonb_build_object('name', po.name,
                                  'value', v.option_values[po.position + 1]) order by po.position) as options
                         from product_options po where po.product_id = p.id) opt on true`);
    // One line per variant in an order, as a cart has.
    await tx.execute(sql`delete from gen_line a using gen_line b
      where a.order_id = b.order_id and a.variant_id = b.variant_id and a.l > b.l`);
    const age = sql`(now() - o.order_date)`;
    await tx.execute(sql`alter table orders disable trigger order_totals_insert_delete`);
    await tx.execute(sql`
      insert into orders (id, user_id, order_status, payment_method, payment_status, payment_provider, total_cents,
        subtotal_cents, address, city, state, pincode, phone, notes, country, payment_id, paid_at, stock_held,
        shipped_at, delivered_at, withdrawal_ends_at, refunded_cents, refund_reserved_cents, order_date,
        order_update_date)
      select o.id, o.user_id, st.order_status, 'paypal', st.payment_status, 'sandbox', t.total, t.total,
        (1 + o.k % 200) || ' High Street', (${textArray(CITIES)})[1 + o.k % ${CITIES.length}], '', 
        lpad(((o.k::bigint * 7919) % 100000)::text, 5, '0'), '+44 20 7946 ' || lpad((o.k % 10000)::text, 4, '0'), '', 'GB',
        case when st.paid then o.id::text end,
        case when st.paid then least(now(), o.order_date + interval '3 minutes') end,
        st.paid and st.order_status <> 'Cancelled',
        case when st.order_status in ('Shipped', 'Delivered') then o.order_date + interval '2 days' end,
        case when st.order_status = 'Delivered' then o.order_date + interval '5 days' end,
        case when st.order_status = 'Delivered'
          then ${withdrawalEndSql(sql`o.order_date + interval '5 days'`, 'UTC')} end,
        st.refunded, st.refunded, o.order_date,
        least(now(), o.order_date + interval '5 days' * ${u(sql`o.k`, 28)})
      from gen_order o
      join (select order_id, sum(unit_price * quantity)::int as total from gen_line group by order_id) t
        on t.order_id = o.id
      cross join lateral (select
        case when ${age} < interval '1 day' and o.fate < 0.1 then 'pending'
             when o.fate > 0.97 then 'cancelled'
             when o.fate > 0.94 then 'refunded'
             when o.fate > 0.91 and ${age} > interval '6 days' then 'partially_refunded'
             else 'completed' end as payment_status) ps
      cross join lateral (select
        ps.payment_status not in ('pending', 'cancelled') as paid,
        case when ps.payment_status in ('pending') then 'Pending'
             when ps.payment_status in ('cancelled', 'refunded') then 'Cancelled'
             when ${age} < interval '2 days' then 'Processing'
             when ${age} < interval '6 days' then 'Shipped'
             else 'Delivered' end as order_status,
        case when ps.payment_status = 'refunded' then t.total
             when ps.payment_status = 'partially_refunded' then greatest(1, (t.total * (0.1 + 0.5 * o.refund))::int)
             else 0 end as refunded,
        ps.payment_status) st
      order by o.order_date, o.k`);
    await tx.execute(sql`
      insert into order_items (order_id, product_id, title, image_key, description, unit_price_cents, quantity,
        variant_id, sku, options)
      select order_id, product_id, title, image_key, description, unit_price, quantity, variant_id, sku, options
      from gen_line order by order_id, l`);
    await tx.execute(sql`alter table orders enable trigger order_totals_insert_delete`);
    // What the order_totals trigger (migration 0021) would have added, per day and per status.
    await tx.execute(sql`
      insert into order_day_totals as t (day, slot, paid_orders, net_cents)
      select (o.paid_at at time zone 'UTC')::date, 0, count(*)::int, sum(o.total_cents - o.refunded_cents)
      from orders o join gen_order g on g.id = o.id
      where o.paid_at is not null and o.payment_status in ('completed', 'partially_refunded', 'refunded')
        and o.order_status <> 'Cancelled'
      group by 1 order by 1
      on conflict (day, slot) do update
      set paid_orders = t.paid_orders + excluded.paid_orders, net_cents = t.net_cents + excluded.net_cents`);
    await tx.execute(sql`
      insert into order_status_totals as t (order_status, archived, unpaid, slot, orders)
      select o.order_status, o.archived_at is not null, o.paid_at is null, 0, count(*)::int
      from orders o join gen_order g on g.id = o.id
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (order_status, archived, unpaid, slot) do update set orders = t.orders + excluded.orders`);
    await tx.execute(sql`
      insert into refunds (order_id, amount_cents, status, source, completed_at, created_at, attempts)
      select o.id, o.refunded_cents, 'completed',
        case when o.order_status = 'Cancelled' then 'cancellation' else 'admin' end,
        o.order_date + interval '6 days', o.order_date + interval '6 days', 1
      from orders o join gen_order g on g.id = o.id where o.refunded_cents > 0`);
    await tx.execute(sql`analyze orders`);
    await tx.execute(sql`analyze order_items`);
    const [{ n: added } = { n: 0 }] = await selectRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from gen_order`,
    );
    return added;
  });
}
