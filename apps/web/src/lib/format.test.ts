import { describe, expect, it } from 'vitest';
import { formatCount, formatDiscount, formatPrice } from './format';

/** What the shop showed before (and what spec §9 describes): `$` and en-US grouping with two decimals. */
const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('formatDiscount', () => {
  it('writes a minus sign, a no-break space and the price (issue 40: sign and amount never wrap apart)', () => {
    expect(formatDiscount(3)).toBe('\u2212\u00a0$3.00');
    expect(formatDiscount(1234.5)).toBe('−\u00a0$1,234.50');
    expect(formatDiscount(3)).not.toMatch(/ /);
  });
});

describe('formatPrice', () => {
  it('writes dollars with a sign, grouping and two decimals', () => {
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(5)).toBe('$5.00');
    expect(formatPrice(19.99)).toBe('$19.99');
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    expect(formatPrice(1000000)).toBe('$1,000,000.00');
    expect(formatPrice(1.005)).toBe('$1.01');
    // Intl writes "$-0.00" for these; a price that rounds to nothing has no sign.
    expect(formatPrice(-0)).toBe('$0.00');
    expect(formatPrice(-0.004)).toBe('$0.00');
    // What float arithmetic leaves behind (0.1 + 0.2 - 0.3) and values past any price still read as prices.
    expect(formatPrice(0.1 + 0.2 - 0.3)).toBe('$0.00');
    expect(formatPrice(1e-7)).toBe('$0.00');
    expect(formatPrice(1e21)).toBe(`$${intl.format(1e21)}`);
  });

  it('gives the same text as Intl.NumberFormat for every cent up to $10,000 and a spread of larger prices', () => {
    const values: number[] = [];
    for (let cents = 0; cents <= 1_000_000; cents += 1) values.push(cents / 100);
    // Three-decimal values up to $100 million, spread by a fixed stride (the same values on every run).
    for (let i = 0; i < 20_000; i += 1) values.push(((i * 2_654_435_761) % 1e11) / 1000);
    values.push(-12.345, 0.005, 2.675, 999.995, 99_999.999);
    const mismatches = values.filter((v) => formatPrice(v) !== `$${intl.format(v)}`);
    expect(mismatches.slice(0, 5).map((v) => [v, formatPrice(v), `$${intl.format(v)}`])).toEqual([]);
  });
});

describe('formatCount', () => {
  it('groups thousands and marks a lower bound with +', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000, true)).toBe('1,000+');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(1_234_567, false)).toBe('1,234,567');
  });
});
