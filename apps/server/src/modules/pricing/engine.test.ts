/**
 * Issue 27, the checkout's arithmetic (engine.ts) in exact cents. Each table row is a total a shopper or PayPal would
 * see; a wrong rounding direction, rounding on the sum instead of per line, a discount that does not add up over the
 * lines, or a free-shipping threshold off by one cent fails one of them. The properties run a few hundred generated
 * cases from a seeded generator (the same cases every run) against a BigInt reference.
 */
import { describe, expect, it } from 'vitest';
import {
  allocate,
  divideHalfUp,
  inScope,
  priceOrder,
  taxOf,
  type PricingDiscount,
  type PricingInput,
  type PricingLine,
} from './engine.ts';

/** A line of `unit` cents × `quantity`, Electronics/Sony unless told. */
const line = (unit: number, quantity = 1, more: Partial<PricingLine> = {}): PricingLine => ({
  productId: more.productId ?? `p-${unit}-${quantity}-${more.category ?? ''}-${more.brand ?? ''}`,
  title: more.title ?? 'Thing',
  unitPriceCents: unit,
  quantity,
  category: more.category ?? 'Electronics',
  brand: more.brand ?? 'Sony',
});
const percent = (value: number, scope: Partial<PricingDiscount> = {}): PricingDiscount => ({
  kind: 'percent',
  value,
  categories: scope.categories ?? [],
  brands: scope.brands ?? [],
});
const fixed = (value: number, scope: Partial<PricingDiscount> = {}): PricingDiscount => ({
  kind: 'fixed',
  value,
  categories: scope.categories ?? [],
  brands: scope.brands ?? [],
});
const price = (input: Partial<PricingInput> & Pick<PricingInput, 'lines'>) =>
  priceOrder({ shipping: null, taxRateBp: 0, pricesIncludeTax: false, discount: null, ...input });

describe('taxOf: half-up to the cent', () => {
  it.each([
    // [amount, rate bp, inclusive, tax, why]
    [50, 100, false, 1, '0.5 ¢ rounds up'],
    [150, 100, false, 2, '1.5 ¢ rounds up'],
    [149, 100, false, 1, '1.49 ¢ rounds down'],
    [1000, 825, false, 83, '8.25 % of $10.00 = 82.5 ¢'],
    [999, 825, false, 82, '8.25 % of $9.99 = 82.4175 ¢'],
    [1050, 1900, false, 200, '19 % of $10.50 = 199.5 ¢'],
    [1234, 700, false, 86, '7 % of $12.34 = 86.38 ¢'],
    [1250, 700, false, 88, '7 % of $12.50 = 87.5 ¢'],
    [1234, 0, false, 0, '0 %'],
    [0, 1900, false, 0, 'nothing taxed'],
    [1190, 1900, true, 190, '$11.90 with 19 % in it: $10.00 + $1.90'],
    [1000, 1900, true, 160, '$10.00 with 19 %: net 840.34 ¢ → 840'],
    [9, 2000, true, 1, '9 ¢ with 20 %: net 7.5 ¢ rounds up to 8, tax 1 (half-down would give 2)'],
    [3, 2000, true, 0, '3 ¢ with 20 %: net 2.5 ¢ → 3, tax 0'],
    [3, 10000, true, 1, '3 ¢ with 100 %: net 1.5 ¢ → 2, tax 1'],
    [1000, 825, true, 76, '$10.00 with 8.25 %: net 923.78 ¢ → 924'],
    [1070, 700, true, 70, '$10.70 with 7 %: net exactly $10.00'],
    [1234, 0, true, 0, '0 % inclusive'],
  ])('%i ¢ at %i bp (inclusive %s) → %i ¢: %s', (amount, rateBp, inclusive, tax) => {
    expect(taxOf(amount, rateBp, inclusive)).toBe(tax);
  });
});

describe('divideHalfUp', () => {
  it.each([
    [1, 2, 1],
    [3, 2, 2],
    [5, 2, 3],
    [1, 3, 0],
    [2, 3, 1],
    [0, 7, 0],
    [825_000, 10_000, 83],
    [824_999, 10_000, 82],
  ])('%i / %i → %i', (n, d, q) => {
    expect(divideHalfUp(n, d)).toBe(q);
  });
});

describe('priceOrder: tax per line, half-up, on the line subtotal after its discount', () => {
  it('rounds each line, not the sum: three 50 ¢ lines at 1 % pay 3 ¢, the sum would pay 2 ¢', () => {
    const p = price({
      lines: [
        line(50, 1, { productId: 'a' }),
        line(50, 1, { productId: 'b' }),
        line(50, 1, { productId: 'c' }),
      ],
      taxRateBp: 100,
    });
    expect(p.lines.map((l) => l.taxCents)).toEqual([1, 1, 1]);
    expect(p.taxCents).toBe(3);
    expect(taxOf(150, 100, false)).toBe(2); // what rounding on the sum would give
    expect(p.totalCents).toBe(153);
  });

  it('rounds the line (unit × quantity), not each unit: 3 × 50 ¢ at 1 % is 1.5 ¢ → 2 ¢, not 3 × 1 ¢', () => {
    const p = price({ lines: [line(50, 3)], taxRateBp: 100 });
    expect(p.lines[0]).toMatchObject({ subtotalCents: 150, taxCents: 2 });
    expect(p.totalCents).toBe(152);
  });

  it.each([
    // [lines (unit, qty), rate bp, inclusive, subtotal, tax, total]
    [[[1000, 1]], 825, false, 1000, 83, 1083],
    [[[1000, 1]], 825, true, 1000, 76, 1000],
    [
      [
        [1999, 2],
        [1, 1],
      ],
      1900,
      false,
      3999,
      760,
      4759,
    ], // 3998 × 19 % = 759.62 → 760; 1 × 19 % = 0.19 → 0
    [
      [
        [1999, 2],
        [1, 1],
      ],
      1900,
      true,
      3999,
      638,
      3999,
    ], // 3998 − 3359.66→3360 = 638; 1 − 0.84→1 = 0
    [
      [
        [1234, 1],
        [1250, 1],
      ],
      700,
      false,
      2484,
      174,
      2658,
    ], // 86 + 88 (on the sum: 173.88 → 174 too)
    [[[2995, 1]], 0, false, 2995, 0, 2995],
    [[[2995, 1]], 0, true, 2995, 0, 2995],
  ] as const)(
    '%j at %i bp inclusive %s → subtotal %i, tax %i, total %i',
    (lines, rateBp, inclusive, subtotal, tax, total) => {
      const p = price({
        lines: lines.map(([u, q], i) => line(u, q, { productId: `l${i}` })),
        taxRateBp: rateBp,
        pricesIncludeTax: inclusive,
      });
      expect({ subtotal: p.subtotalCents, tax: p.taxCents, total: p.totalCents }).toEqual({
        subtotal,
        tax,
        total,
      });
      expect(p.lines.reduce((s, l) => s + l.taxCents, 0) + p.shippingTaxCents).toBe(p.taxCents);
    },
  );
});

describe('priceOrder: discounts', () => {
  it('a percentage rounds half-up: 10 % of $19.95 is 199.5 ¢ → $2.00', () => {
    const p = price({ lines: [line(1995)], discount: percent(10) });
    expect(p.discountCents).toBe(200);
    expect(p.totalCents).toBe(1795);
  });

  it('a fixed amount comes off as it is', () => {
    const p = price({ lines: [line(3000)], discount: fixed(750) });
    expect(p).toMatchObject({ discountCents: 750, totalCents: 2250 });
  });

  it('a fixed amount larger than the eligible subtotal takes at most that subtotal, never the lines out of scope', () => {
    const p = price({
      lines: [
        line(3000, 1, { category: 'Electronics' }),
        line(2000, 1, { category: 'Shoes', brand: 'Nike' }),
      ],
      discount: fixed(5000, { categories: ['Electronics'] }),
    });
    expect(p.discountCents).toBe(3000);
    expect(p.lines.map((l) => l.discountCents)).toEqual([3000, 0]);
    expect(p.totalCents).toBe(2000);
  });

  it('a fixed amount larger than the whole cart makes it 0, not negative', () => {
    const p = price({ lines: [line(1500)], discount: fixed(5000), taxRateBp: 1900 });
    expect(p).toMatchObject({ discountCents: 1500, taxCents: 0, totalCents: 0 });
  });

  it('scope by category and by brand ignores case; lines out of scope keep their price', () => {
    const lines = [
      line(1000, 1, { productId: 'tv', category: 'Electronics', brand: 'Sony' }),
      line(2000, 1, { productId: 'shoe', category: 'Shoes', brand: 'Nike' }),
      line(4000, 1, { productId: 'pan', category: 'Home & Kitchen', brand: 'KitchenAid' }),
    ];
    const byCategory = price({ lines, discount: percent(50, { categories: ['electronics'] }) });
    expect(byCategory.lines.map((l) => l.discountCents)).toEqual([500, 0, 0]);
    const byBrand = price({ lines, discount: percent(50, { brands: ['NIKE'] }) });
    expect(byBrand.lines.map((l) => l.discountCents)).toEqual([0, 1000, 0]);
    const either = price({
      lines,
      discount: percent(10, { categories: ['HOME & KITCHEN'], brands: ['sony'] }),
    });
    expect(either.lines.map((l) => l.discountCents)).toEqual([100, 0, 400]);
    expect(either.discountCents).toBe(500);
    const none = price({ lines, discount: percent(10, { brands: ['Apple'] }) });
    expect(none.discountCents).toBe(0);
  });

  it('is shared over the lines by largest remainder and adds up exactly (ties to the earlier line)', () => {
    const even = price({
      lines: [
        line(1000, 1, { productId: 'a' }),
        line(1000, 1, { productId: 'b' }),
        line(1000, 1, { productId: 'c' }),
      ],
      discount: fixed(100),
    });
    expect(even.lines.map((l) => l.discountCents)).toEqual([34, 33, 33]);
    const uneven = price({
      lines: [
        line(333, 1, { productId: 'a' }),
        line(333, 1, { productId: 'b' }),
        line(334, 1, { productId: 'c' }),
      ],
      discount: percent(10),
    });
    expect(uneven.discountCents).toBe(100);
    expect(uneven.lines.map((l) => l.discountCents)).toEqual([33, 33, 34]);
  });

  it('tax is on each line after its share of the discount', () => {
    // 2 × $11.90, $2.38 off (all on the line), 19 % inclusive: 2142 contains 342; shipping $5.95 contains 95.
    const inclusive = price({
      lines: [line(1190, 2)],
      discount: fixed(238),
      shipping: { priceCents: 595, freeAboveCents: null },
      taxRateBp: 1900,
      pricesIncludeTax: true,
    });
    expect(inclusive).toMatchObject({
      subtotalCents: 2380,
      discountCents: 238,
      shippingCents: 595,
      shippingTaxCents: 95,
      taxCents: 437,
      totalCents: 2380 - 238 + 595,
    });
    expect(inclusive.lines[0]!.taxCents).toBe(342);
    const exclusive = price({
      lines: [line(1190, 2)],
      discount: fixed(238),
      shipping: { priceCents: 595, freeAboveCents: null },
      taxRateBp: 1900,
      pricesIncludeTax: false,
    });
    // 2142 × 19 % = 406.98 → 407; 595 × 19 % = 113.05 → 113.
    expect(exclusive).toMatchObject({
      shippingTaxCents: 113,
      taxCents: 520,
      totalCents: 2380 - 238 + 595 + 520,
    });
  });
});

describe('priceOrder: shipping', () => {
  const ship = { priceCents: 499, freeAboveCents: 5000 };
  it.each<[number[], PricingDiscount | null, number, string]>([
    [[5000], null, 0, 'exactly at the threshold: free'],
    [[4999], null, 499, '1 ¢ below: charged'],
    [[2500, 2500], null, 0, 'the subtotal of all lines counts'],
    [[5500], percent(10), 499, 'the threshold applies after the discount (5500 − 550 = 4950)'],
    [[5556], percent(10), 0, '5556 − 556 = 5000: free'],
  ])('%j with %j → shipping %i: %s', (units, discount, shipping) => {
    const p = price({
      lines: units.map((u, i) => line(u, 1, { productId: `l${i}` })),
      shipping: ship,
      discount,
    });
    expect(p.shippingCents).toBe(shipping);
    expect(p.totalCents).toBe(p.subtotalCents - p.discountCents + shipping);
  });

  it('no threshold: always charged; no method: nothing', () => {
    expect(
      price({ lines: [line(100_000)], shipping: { priceCents: 799, freeAboveCents: null } }).shippingCents,
    ).toBe(799);
    expect(price({ lines: [line(100)], shipping: null }).shippingCents).toBe(0);
  });

  it('shipping is taxed at the address rate, half-up, and counted in the tax', () => {
    const p = price({
      lines: [line(1000)],
      shipping: { priceCents: 499, freeAboveCents: null },
      taxRateBp: 1000,
    });
    // 499 × 10 % = 49.9 → 50; the line: 100.
    expect(p).toMatchObject({ shippingTaxCents: 50, taxCents: 150, totalCents: 1000 + 499 + 150 });
    const free = price({ lines: [line(6000)], shipping: ship, taxRateBp: 1000 });
    expect(free).toMatchObject({ shippingCents: 0, shippingTaxCents: 0, taxCents: 600 });
  });

  it('inclusive: total = subtotal − discount + shipping; exclusive adds the tax', () => {
    const base = {
      lines: [
        line(1234, 3, { productId: 'a' }),
        line(899, 1, { productId: 'b', brand: 'Nike', category: 'Shoes' }),
      ],
      discount: percent(15, { categories: ['shoes'] }),
      shipping: { priceCents: 650, freeAboveCents: 10_000 },
      taxRateBp: 825,
    };
    const inc = price({ ...base, pricesIncludeTax: true });
    const exc = price({ ...base, pricesIncludeTax: false });
    // 3702 + 899 = 4601; 15 % of 899 = 134.85 → 135.
    expect(inc).toMatchObject({
      subtotalCents: 4601,
      discountCents: 135,
      shippingCents: 650,
      totalCents: 4601 - 135 + 650,
    });
    expect(exc.totalCents).toBe(4601 - 135 + 650 + exc.taxCents);
    // exclusive: 3702 × 8.25 % = 305.415 → 305; 764 → 63.03 → 63; 650 → 53.625 → 54.
    expect(exc.lines.map((l) => l.taxCents)).toEqual([305, 63]);
    expect(exc).toMatchObject({ shippingTaxCents: 54, taxCents: 422 });
    // inclusive: 3702 − 3419.86→3420 = 282; 764 − 705.77→706 = 58; 650 − 600.46→600 = 50.
    expect(inc.lines.map((l) => l.taxCents)).toEqual([282, 58]);
    expect(inc).toMatchObject({ shippingTaxCents: 50, taxCents: 390 });
  });
});

/** mulberry32: a small seeded generator, so every run checks the same cases. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}

/** The exact half-up quotient, in BigInt. */
const refHalfUp = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);

describe('properties on generated cases (seeded)', () => {
  const CASES = 400;

  it('divideHalfUp is the exact half-up quotient and never negative', () => {
    const r = seeded(27);
    for (let i = 0; i < CASES; i++) {
      const d = r.int(1, 200_000);
      // Exact halves often: a numerator of k·d + d/2 when d is even.
      const n = i % 4 === 0 && d % 2 === 0 ? r.int(0, 1000) * d + d / 2 : r.int(0, 50_000_000);
      const q = divideHalfUp(n, d);
      expect(q, `${n}/${d}`).toBe(Number(refHalfUp(BigInt(n), BigInt(d))));
      expect(q).toBeGreaterThanOrEqual(0);
      // |q − n/d| ≤ ½, and exactly ½ only upwards.
      expect(2 * n >= (2 * q - 1) * d && 2 * n < (2 * q + 1) * d, `${n}/${d} → ${q}`).toBe(true);
    }
  });

  it('allocate adds up exactly, never negative, each share within 1 ¢ of its exact part, nothing on a 0 weight', () => {
    const r = seeded(2026);
    for (let i = 0; i < CASES; i++) {
      const weights = Array.from({ length: r.int(1, 8) }, () => (r.next() < 0.2 ? 0 : r.int(1, 500_000)));
      const sum = weights.reduce((a, b) => a + b, 0);
      const total = sum === 0 ? 0 : r.int(0, sum);
      const shares = allocate(total, weights);
      const label = `${total} over ${weights.join(',')} → ${shares.join(',')}`;
      expect(
        shares.reduce((a, b) => a + b, 0),
        label,
      ).toBe(total);
      shares.forEach((s, k) => {
        expect(s, label).toBeGreaterThanOrEqual(0);
        expect(Math.abs(s * sum - total * weights[k]!), label).toBeLessThan(Math.max(sum, 1));
        if (weights[k] === 0) expect(s, label).toBe(0);
        if (total <= sum) expect(s, label).toBeLessThanOrEqual(weights[k]!);
      });
    }
  });

  it('taxOf: exclusive is the half-up of amount × rate; inclusive leaves the half-up net; never negative nor above the amount', () => {
    const r = seeded(825);
    for (let i = 0; i < CASES; i++) {
      const amount = r.int(0, 2_000_000);
      const rateBp = [0, 700, 825, 1900, 2000, 2500, r.int(1, 10_000)][i % 7]!;
      const exc = taxOf(amount, rateBp, false);
      const inc = taxOf(amount, rateBp, true);
      const label = `${amount} at ${rateBp}`;
      expect(exc, label).toBe(Number(refHalfUp(BigInt(amount * rateBp), 10_000n)));
      expect(amount - inc, label).toBe(Number(refHalfUp(BigInt(amount) * 10_000n, BigInt(10_000 + rateBp))));
      for (const tax of [inc]) {
        expect(tax, label).toBeGreaterThanOrEqual(0);
        expect(tax, label).toBeLessThanOrEqual(amount);
      }
      expect(exc, label).toBeGreaterThanOrEqual(0);
      // What is contained is never more than what would be added on top.
      expect(inc, label).toBeLessThanOrEqual(exc);
    }
  });

  it('priceOrder: line discounts and taxes add up to the order, the total follows the rule, nothing negative', () => {
    const r = seeded(1366);
    const categories = ['Electronics', 'Shoes', 'Kids'];
    const brands = ['Sony', 'Nike', 'Apple'];
    for (let i = 0; i < CASES; i++) {
      const lines = Array.from({ length: r.int(1, 6) }, (_, k) =>
        line(r.int(1, 200_000), r.int(1, 5), {
          productId: `g${k}`,
          category: categories[r.int(0, 2)]!,
          brand: brands[r.int(0, 2)]!,
        }),
      );
      const scope =
        r.next() < 0.5
          ? {}
          : r.next() < 0.5
            ? { categories: [categories[r.int(0, 2)]!.toUpperCase()] }
            : { brands: [brands[r.int(0, 2)]!.toLowerCase()] };
      const discount =
        r.next() < 0.3
          ? null
          : r.next() < 0.5
            ? percent(r.int(1, 100), scope)
            : fixed(r.int(1, 300_000), scope);
      const shipping =
        r.next() < 0.3
          ? null
          : { priceCents: r.int(0, 3000), freeAboveCents: r.next() < 0.5 ? null : r.int(0, 400_000) };
      const input: PricingInput = {
        lines,
        discount,
        shipping,
        taxRateBp: [0, 700, 825, 1900, r.int(0, 10_000)][r.int(0, 4)]!,
        pricesIncludeTax: r.next() < 0.5,
      };
      const p = priceOrder(input);
      const label = JSON.stringify(input);
      expect(
        p.lines.reduce((s, l) => s + l.discountCents, 0),
        label,
      ).toBe(p.discountCents);
      expect(p.lines.reduce((s, l) => s + l.taxCents, 0) + p.shippingTaxCents, label).toBe(p.taxCents);
      expect(p.subtotalCents, label).toBe(lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0));
      expect(p.discountCents, label).toBeLessThanOrEqual(p.subtotalCents);
      for (const l of p.lines) {
        expect(l.discountCents, label).toBeGreaterThanOrEqual(0);
        expect(l.discountCents, label).toBeLessThanOrEqual(l.subtotalCents);
        expect(l.taxCents, label).toBeGreaterThanOrEqual(0);
        if (discount && !inScope(l, discount)) expect(l.discountCents, label).toBe(0);
      }
      const after = p.subtotalCents - p.discountCents;
      const expectedShipping =
        !shipping || (shipping.freeAboveCents !== null && after >= shipping.freeAboveCents)
          ? 0
          : shipping.priceCents;
      expect(p.shippingCents, label).toBe(expectedShipping);
      expect(p.totalCents, label).toBe(after + p.shippingCents + (input.pricesIncludeTax ? 0 : p.taxCents));
      expect(p.totalCents, label).toBeGreaterThanOrEqual(0);
    }
  });
});
