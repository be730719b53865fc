import { describe, expect, it } from 'vitest';
import type { Product, ProductOption, ProductVariant } from '@emporium/contract';
import {
  choosePrompt,
  initialVariant,
  missingOption,
  photosFor,
  pickValue,
  pickVariant,
  pricedAs,
  valueState,
} from './variant-choice';

const options: ProductOption[] = [
  { name: 'Size', values: ['42', '43', '44'] },
  { name: 'Colour', values: ['Red', 'Blue'] },
];

function variant(size: string, colour: string, stock: number, image: string | null = null): ProductVariant {
  return {
    _id: `${size}-${colour}`,
    sku: `SHOE-${size}-${colour.toUpperCase()}`,
    options: { Size: size, Colour: colour },
    price: size === '44' ? 99 : 89,
    salePrice: 0,
    stock,
    image,
  };
}

// 42: Red sold out, Blue in stock. 43: Red only (in stock). 44: both sold out.
const variants = [
  variant('42', 'Red', 0),
  variant('42', 'Blue', 3, 'https://shop.test/uploads/blue.webp'),
  variant('43', 'Red', 7),
  variant('44', 'Red', 0),
  variant('44', 'Blue', 0),
];

describe('initialVariant', () => {
  it('takes the variant named when it is the product’s, else the first in stock', () => {
    expect(initialVariant(variants, '43-Red')?._id).toBe('43-Red');
    expect(initialVariant(variants, 'someone-else')?._id).toBe('42-Blue');
    expect(initialVariant(variants, null)?._id).toBe('42-Blue');
  });
  it('takes the first when every variant is sold out', () => {
    expect(initialVariant([variant('44', 'Red', 0), variant('44', 'Blue', 0)], null)?._id).toBe('44-Red');
  });
});

describe('valueState', () => {
  const chosen = { Size: '42', Colour: 'Blue' };
  it('judges the first option by stock alone', () => {
    expect(valueState(options, variants, chosen, 0, '42')).toBe('available');
    expect(valueState(options, variants, chosen, 0, '43')).toBe('available');
    expect(valueState(options, variants, chosen, 0, '44')).toBe('sold-out');
  });
  it('judges a later option given the earlier choices', () => {
    expect(valueState(options, variants, chosen, 1, 'Blue')).toBe('available');
    expect(valueState(options, variants, chosen, 1, 'Red')).toBe('sold-out');
    expect(valueState(options, variants, { Size: '43', Colour: 'Red' }, 1, 'Blue')).toBe('unavailable');
  });
});

describe('pickVariant', () => {
  it('takes the exact combination when it is in stock', () => {
    expect(pickVariant(options, variants, { Size: '42', Colour: 'Blue' }, 'Size', '43')?._id).toBe('43-Red');
  });
  it('moves a later choice to one in stock when the exact combination is not', () => {
    // 43 comes in Red only: picking 43 while Blue is chosen lands on 43 / Red.
    expect(pickVariant(options, variants, { Size: '42', Colour: 'Blue' }, 'Size', '43')?._id).toBe('43-Red');
    // 42 / Red is sold out: picking 42 while Red is chosen keeps 42 and moves to Blue.
    expect(pickVariant(options, variants, { Size: '43', Colour: 'Red' }, 'Size', '42')?._id).toBe('42-Blue');
  });
  it('keeps the exact combination when nothing with the value is in stock', () => {
    expect(pickVariant(options, variants, { Size: '42', Colour: 'Blue' }, 'Size', '44')?._id).toBe('44-Blue');
  });
});

describe('pricedAs and photosFor', () => {
  const product = {
    _id: 'p',
    title: 'Runner',
    image: 'https://shop.test/uploads/main.webp',
    price: 89,
    salePrice: 0,
    totalStock: 10,
    images: [
      { url: 'https://shop.test/uploads/main.webp', alt: '' },
      { url: 'https://shop.test/uploads/blue.webp', alt: 'Blue pair' },
    ],
  };
  it('shows the variant’s prices and stock', () => {
    const shown = pricedAs(product as unknown as Product, variants[4]);
    expect([shown.price, shown.salePrice, shown.totalStock]).toEqual([99, 0, 0]);
  });
  it('shows the variant’s own 30-day lowest price, none when the variant has none (issue 41)', () => {
    const onSale = { ...product, salePrice: 70, lowestPrice30Days: 89 } as unknown as Product;
    const reduced = { ...variants[4]!, price: 99, salePrice: 80, lowestPrice30Days: 95 };
    expect(pricedAs(onSale, reduced).lowestPrice30Days).toBe(95);
    expect(pricedAs(onSale, variants[4]).lowestPrice30Days).toBeUndefined();
  });
  it('puts the variant’s photo first, moved when it is in the gallery, added when not', () => {
    expect(photosFor(product, variants[1]).map((p) => p.alt)).toEqual(['Blue pair', '']);
    const own = variant('43', 'Red', 1, 'https://shop.test/uploads/red.webp');
    expect(photosFor(product, own).map((p) => p.url)).toEqual([
      'https://shop.test/uploads/red.webp',
      ...product.images.map((p) => p.url),
    ]);
    expect(photosFor(product, variants[2])).toEqual(product.images);
  });
});

describe('choosing from nothing picked (issue 40, item 1)', () => {
  it('judges a later option by stock alone while the earlier one has no value', () => {
    expect(valueState(options, variants, {}, 1, 'Blue')).toBe('available');
    expect(valueState(options, variants, {}, 1, 'Red')).toBe('available');
  });
  it('keeps a partial choice until every option has a value, then names the variant', () => {
    const first = pickValue(options, variants, {}, 'Size', '42');
    expect(first).toEqual({ chosen: { Size: '42' }, variant: undefined });
    expect(missingOption(options, first.chosen)?.name).toBe('Colour');
    const second = pickValue(options, variants, first.chosen, 'Colour', 'Blue');
    expect(second.variant?._id).toBe('42-Blue');
    expect(second.chosen).toEqual({ Size: '42', Colour: 'Blue' });
    expect(missingOption(options, second.chosen)).toBeUndefined();
  });
  it('moves to a variant in stock when the last pick completes a sold-out combination', () => {
    expect(pickValue(options, variants, { Colour: 'Red' }, 'Size', '42').variant?._id).toBe('42-Blue');
  });
  it('asks for the option by name', () => {
    expect([choosePrompt('Size'), choosePrompt('Edition')]).toEqual(['Choose a size', 'Choose an edition']);
  });
});
