/**
 * Checkout pricing against the database (issue 27): the cart's lines, the shop's tax setting, the address's tax rate
 * and shipping methods, and discount codes; the arithmetic is engine.ts. Used by the checkout quote
 * (`POST /api/shop/checkout/quote`) and by order creation (orders/service.ts), which must agree to the cent.
 * A code's use is taken in the order's transaction with the rule in the WHERE clause (`uses < max_uses`, like the
 * cart's limits) and given back when an unpaid order is cancelled or deleted.
 */
import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { toDollars, type CheckoutQuote } from '@emporium/contract';
import { selectRows, type Db } from '../../db/client.ts';
import {
  addresses,
  cartItems,
  carts,
  discountCodes,
  discountRedemptions,
  products,
  productVariants,
  shippingMethods,
  shopSettings,
  taxRates,
} from '../../db/schema.ts';
import { badRequest, conflict, HttpError, isUuid } from '../../lib/http-error.ts';
import { formatCents } from '../../lib/html.ts';
import type { CodeAttempts } from './code-attempts.ts';
import { optionNamesOf, optionPairs } from '../variants/service.ts';
import { preferredAddress } from '../addresses/service.ts';
import { priceOrder, inScope, type PricedOrder, type PricingLine } from './engine.ts';

type MethodRow = typeof shippingMethods.$inferSelect;
type CodeRow = typeof discountCodes.$inferSelect;

/**
 * A cart line with what order creation copies and checks: the variant (issue 28), its SKU and option values named,
 * its stock. Prices in cents.
 */
export interface CartLine extends PricingLine {
  variantId: string;
  sku: string;
  options: Array<{ name: string; value: string }>;
  imageKey: string;
  description: string;
  stock: number;
  cartId: string;
}

/** The caller's cart lines, oldest first, at the variants' prices paid now (sale price when set). */
export async function readCartLines(db: Db, userId: string): Promise<CartLine[]> {
  const rows = await db
    .select({
      productId: products.id,
      variantId: productVariants.id,
      sku: productVariants.sku,
      optionValues: productVariants.optionValues,
      title: products.title,
      imageKey: sql<string>`coalesce(${productVariants.imageKey}, ${products.imageKey})`,
      description: products.description,
      category: products.category,
      brand: products.brand,
      priceCents: productVariants.priceCents,
      salePriceCents: productVariants.salePriceCents,
      stock: productVariants.stock,
      quantity: cartItems.quantity,
      cartId: carts.id,
      optionNames: optionNamesOf(products.id),
    })
    .from(carts)
    .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(
      productVariants,
      and(eq(productVariants.id, cartItems.variantId), eq(productVariants.productId, products.id)),
    )
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.variantId));
  return rows.map(({ priceCents, salePriceCents, optionValues, optionNames, ...r }) => ({
    ...r,
    unitPriceCents: salePriceCents > 0 ? salePriceCents : priceCents,
    options: optionPairs(optionNames, optionValues),
  }));
}

/** The pricing rules for one address (pricingRulesOf). */
export interface PricingRules {
  inclusive: boolean;
  rateBp: number;
  methods: MethodRow[];
  configured: boolean;
}

/**
 * The columns that price an order for an address (issue 29: they were four round trips per checkout), `country` and
 * `region` (lower-cased, trimmed) being SQL values, so that a caller can read them beside the address itself:
 * whether catalog prices include tax (shop setting `prices_include_tax`, default false), the tax rate in basis points
 * (the region's — the address's state — else the country's, else 0), the active shipping methods serving `country`
 * (none listed: every country), cheapest first, and whether any method is active at all (none: the spec's shop, no
 * shipping). Read back with pricingRulesOf.
 */
export function pricingRulesColumns(country: SQL, region: SQL): SQL {
  return sql`coalesce((select value = 'true'::jsonb from ${shopSettings} where key = 'prices_include_tax'), false)
        as inclusive,
      coalesce((select rate_bp from ${taxRates}
                where country = ${country} and lower(region) in ('', ${region})
                order by region <> '' desc limit 1), 0) as rate_bp,
      exists (select 1 from ${shippingMethods} where active) as configured,
      coalesce((select json_agg(json_build_object('id', m.id, 'name', m.name, 'countries', m.countries,
                  'priceCents', m.price_cents, 'freeAboveCents', m.free_above_cents, 'minDays', m.min_days,
                  'maxDays', m.max_days, 'active', m.active, 'createdAt', m.created_at)
                  order by m.price_cents, m.name)
                from ${shippingMethods} m
                where m.active and (cardinality(m.countries) = 0 or ${country} = any(m.countries))), '[]')
        as methods`;
}

/** The rules from a row holding pricingRulesColumns. */
export function pricingRulesOf(row: {
  inclusive: boolean;
  rate_bp: number | string;
  configured: boolean;
  methods: Array<Omit<MethodRow, 'createdAt'> & { createdAt: string }>;
}): PricingRules {
  return {
    inclusive: row.inclusive,
    rateBp: Number(row.rate_bp),
    configured: row.configured,
    methods: row.methods.map((m) => ({ ...m, createdAt: new Date(m.createdAt) })),
  };
}

/** The pricing rules for an address in `country` and `region` (its state), in one query. */
async function pricingRulesFor(db: Db, country: string, region: string): Promise<PricingRules> {
  const [rules] = await selectRows<Parameters<typeof pricingRulesOf>[0]>(
    db,
    sql`select ${pricingRulesColumns(sql`${country}`, sql`${region.trim().toLowerCase()}`)}`,
  );
  return pricingRulesOf(rules!);
}

/** The method's price for a cart whose subtotal after discount is `afterDiscountCents`. */
function methodPrice(m: MethodRow, afterDiscountCents: number): number {
  return m.freeAboveCents !== null && afterDiscountCents >= m.freeAboveCents ? 0 : m.priceCents;
}

const countryName = (code: string) => new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;

/**
 * Why `code` cannot be used on these lines by this user now, or its row. Messages are shown to the shopper as they
 * are (issue 27: each refusal clear), and tell a person what they need to use the code and no more (issue 46):
 * `wrong` marks a code that is not valid at all (unknown, off, not started), which the throttle counts.
 */
export async function checkCode(
  db: Db,
  text: string,
  ctx: { userId: string; lines: readonly PricingLine[]; now: Date },
): Promise<{ code: CodeRow } | { refusal: string; wrong?: true }> {
  const wanted = text.trim().toUpperCase();
  const [code] = wanted ? await db.select().from(discountCodes).where(eq(discountCodes.code, wanted)) : [];
  // Unknown, switched off or not started yet answer alike, and count as a guess (issue 46: a code's answer told
  // whether it existed, and an upcoming one its start date).
  if (!code || !code.active || (code.startsAt && code.startsAt > ctx.now)) {
    return { refusal: `The code ${wanted || text} is not valid.`, wrong: true };
  }
  if (code.endsAt && code.endsAt <= ctx.now) return { refusal: `The code ${code.code} has expired.` };
  if (code.maxUses !== null && code.uses >= code.maxUses) {
    return { refusal: `The code ${code.code} has been used up.` };
  }
  if (code.maxUsesPerCustomer !== null) {
    const used = await usesBy(db, code.id, ctx.userId);
    if (used >= code.maxUsesPerCustomer) return { refusal: `You have already used the code ${code.code}.` };
  }
  const scoped = ctx.lines.filter((l) => inScope(l, code));
  if (scoped.length === 0) {
    return { refusal: `The code ${code.code} does not apply to the items in your cart.` };
  }
  const subtotal = ctx.lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
  if (code.minSubtotalCents !== null && subtotal < code.minSubtotalCents) {
    return {
      refusal: `The code ${code.code} needs a subtotal of at least ${formatCents(code.minSubtotalCents)}.`,
    };
  }
  return { code };
}

async function usesBy(db: Db, codeId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.codeId, codeId),
        eq(discountRedemptions.userId, userId),
        isNull(discountRedemptions.releasedAt),
      ),
    );
  return Number(row?.n ?? 0);
}

/** What the cart costs for an address and choices; also what was chosen and what was refused. */
export interface CartPricing {
  priced: PricedOrder;
  pricesIncludeTax: boolean;
  country: string;
  methods: Array<{ row: MethodRow; priceCents: number }>;
  method: MethodRow | null;
  /** Set when no method serves the address although methods exist: no order can be placed there. */
  shippingError: string | null;
  code: CodeRow | null;
  codeRefusal: string | null;
}

/**
 * What the shopper chose for pricing: a shipping method and a code, and (`attempts`) the throttle of code guesses
 * with the client's address; without it codes are not throttled (seeds, tests of pricing alone).
 */
export interface PricingChoice {
  shippingMethodId?: string;
  discountCode?: string;
  attempts?: { guard: CodeAttempts; clientIp: string };
}

/**
 * Prices `lines` for the address (`country`, `region` = its state) with the chosen method (default: the cheapest
 * valid one; a method that does not serve the address is refused with 400) and code (refused codes are reported in
 * `codeRefusal`, not applied). `rules`: the address's pricing rules when the caller read them already
 * (pricingRulesColumns), else they are read here.
 */
export async function priceCart(
  db: Db,
  userId: string,
  lines: readonly PricingLine[],
  place: { country: string; region: string },
  choice: PricingChoice,
  now = new Date(),
  rules?: PricingRules,
): Promise<CartPricing> {
  const { inclusive, rateBp, methods, configured } =
    rules ?? (await pricingRulesFor(db, place.country, place.region));
  let code: CodeRow | null = null;
  let codeRefusal: string | null = null;
  const text = choice.discountCode?.trim();
  if (text) {
    const who = choice.attempts && { userId, clientIp: choice.attempts.clientIp };
    if (who) await choice.attempts!.guard.assertMayTry(who);
    const checked = await checkCode(db, text, { userId, lines, now });
    if ('code' in checked) code = checked.code;
    else {
      codeRefusal = checked.refusal;
      if (who && checked.wrong) await choice.attempts!.guard.recordWrong(who, text.toUpperCase());
    }
  }
  const discount = code
    ? { kind: code.kind, value: code.value, categories: code.categories, brands: code.brands }
    : null;
  const before = priceOrder({ lines, shipping: null, taxRateBp: 0, pricesIncludeTax: inclusive, discount });
  const afterDiscount = before.subtotalCents - before.discountCents;
  const options = methods.map((row) => ({ row, priceCents: methodPrice(row, afterDiscount) }));
  let method: MethodRow | null = null;
  if (choice.shippingMethodId) {
    method = options.find((o) => o.row.id === choice.shippingMethodId)?.row ?? null;
    if (!method) {
      throw badRequest(`That shipping method does not deliver to ${countryName(place.country)}.`);
    }
  } else if (options.length > 0) {
    method = [...options].sort((a, b) => a.priceCents - b.priceCents)[0]!.row;
  }
  const shippingError =
    configured && options.length === 0 ? `We do not ship to ${countryName(place.country)} yet.` : null;
  const priced = priceOrder({
    lines,
    shipping: method ? { priceCents: method.priceCents, freeAboveCents: method.freeAboveCents } : null,
    taxRateBp: rateBp,
    pricesIncludeTax: inclusive,
    discount,
  });
  return {
    priced,
    pricesIncludeTax: inclusive,
    country: place.country,
    methods: options,
    method,
    shippingError,
    code,
    codeRefusal,
  };
}

const estimate = (m: MethodRow) =>
  m.minDays === null || m.maxDays === null
    ? null
    : m.minDays === m.maxDays
      ? `${m.minDays} day${m.minDays === 1 ? '' : 's'}`
      : `${m.minDays}–${m.maxDays} days`;

/**
 * `POST /api/shop/checkout/quote`: the caller's cart priced for one of their addresses (none given: their preferred
 * address, issue 40 `preferredAddress`, the cart panel's estimate; with no address at all the shop's country). 400 an address that is not theirs, or a method that does not serve it; 429 while the caller must wait
 * after too many codes that are not valid (code-attempts.ts); an empty cart prices to 0.
 */
export async function quoteCheckout(
  db: Db,
  userId: string,
  body: { addressId?: string } & PricingChoice,
  shopCountry: string,
): Promise<CheckoutQuote> {
  let place = { country: shopCountry, region: '' };
  if (body.addressId) {
    const [address] = isUuid(body.addressId)
      ? await db
          .select({ country: addresses.country, state: addresses.state })
          .from(addresses)
          .where(and(eq(addresses.id, body.addressId), eq(addresses.userId, userId)))
      : [];
    if (!address) throw badRequest('Please select an address');
    place = { country: address.country ?? shopCountry, region: address.state };
  } else {
    const preferred = await preferredAddress(db, userId, shopCountry);
    if (preferred) place = { country: preferred.country, region: preferred.state };
  }
  const lines = await readCartLines(db, userId);
  const p = await priceCart(db, userId, lines, place, body);
  return {
    lines: p.priced.lines.map((l, i) => ({
      productId: l.productId,
      variantId: lines[i]!.variantId,
      options: lines[i]!.options,
      title: l.title,
      quantity: l.quantity,
      unitPrice: toDollars(l.unitPriceCents),
      subtotal: toDollars(l.subtotalCents),
      discount: toDollars(l.discountCents),
      tax: toDollars(l.taxCents),
    })),
    subtotal: toDollars(p.priced.subtotalCents),
    discount: toDollars(p.priced.discountCents),
    shipping: toDollars(p.priced.shippingCents),
    tax: toDollars(p.priced.taxCents),
    total: toDollars(p.priced.totalCents),
    pricesIncludeTax: p.pricesIncludeTax,
    country: p.country,
    shippingMethods: p.methods.map((m) => ({
      _id: m.row.id,
      name: m.row.name,
      price: toDollars(m.priceCents),
      estimate: estimate(m.row),
    })),
    shippingMethodId: p.method?.id ?? null,
    shippingError: p.shippingError,
    discountCode: body.discountCode?.trim()
      ? {
          code: body.discountCode.trim().toUpperCase(),
          applied: p.code !== null,
          message: p.code
            ? `${p.code.code}: ${formatCents(p.priced.discountCents)} off`
            : (p.codeRefusal ?? 'The code does not apply.'),
        }
      : null,
  };
}

/**
 * In the order's transaction, after the order row exists: takes one use of the code by
 * `UPDATE … SET uses = uses + 1 WHERE uses < max_uses` (the rule in the WHERE clause, so concurrent orders cannot
 * exceed the limit; the row lock also serialises the per-customer count that follows) and records the redemption.
 * Throws 409 when the code was used up or the customer's uses reached meanwhile (the transaction then rolls back).
 */
export async function redeemCodeInTx(
  tx: Db,
  code: CodeRow,
  userId: string,
  orderId: string,
  discountCents: number,
): Promise<void> {
  const taken = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(
      and(
        eq(discountCodes.id, code.id),
        eq(discountCodes.active, true),
        sql`(${discountCodes.maxUses} is null or ${discountCodes.uses} < ${discountCodes.maxUses})`,
      ),
    )
    .returning({ id: discountCodes.id });
  if (taken.length === 0) throw conflict(`The code ${code.code} has been used up.`);
  if (code.maxUsesPerCustomer !== null && (await usesBy(tx, code.id, userId)) >= code.maxUsesPerCustomer) {
    throw conflict(`You have already used the code ${code.code}.`);
  }
  await tx.insert(discountRedemptions).values({ codeId: code.id, orderId, userId, discountCents });
}

/**
 * Gives back the code use of an order cancelled or deleted before it was paid (issue 27), once: the redemption is
 * marked released by a conditional UPDATE and only then is the code's `uses` lowered.
 */
export async function releaseCodeInTx(tx: Db, orderId: string): Promise<void> {
  const [released] = await tx
    .update(discountRedemptions)
    .set({ releasedAt: new Date() })
    .where(and(eq(discountRedemptions.orderId, orderId), isNull(discountRedemptions.releasedAt)))
    .returning({ codeId: discountRedemptions.codeId });
  if (!released) return;
  await tx
    .update(discountCodes)
    .set({ uses: sql`greatest(${discountCodes.uses} - 1, 0)` })
    .where(eq(discountCodes.id, released.codeId));
}

/**
 * Throws for order creation: 409 for a code used up or already used by the shopper (the same status as when another
 * order takes the last use inside the transaction, redeemCodeInTx), 400 for any other refused code, 409 for an
 * address nothing ships to.
 */
export function assertOrderable(p: CartPricing): void {
  if (p.codeRefusal) {
    throw / has been used up\.$|^You have already used /.test(p.codeRefusal)
      ? conflict(p.codeRefusal)
      : badRequest(p.codeRefusal);
  }
  if (p.shippingError) throw new HttpError(409, p.shippingError);
}
