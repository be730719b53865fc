import { describe, expect, it } from 'vitest';
import {
  describeGridChange,
  ProductVariantsInput,
  skuPrefixCandidates,
  variantCombinations,
  variantLabel,
} from '@emporium/contract';
import {
  cleanOptions,
  generateRows,
  newOption,
  optionsKey,
  parseValues,
  suggestSku,
  variantsBody,
  type VariantRow,
} from './variants-grid';

const product = { title: 'Trail Hoodie Classic', price: 59, salePrice: 0 };

describe('options as typed', () => {
  it('reads comma-separated values, trimmed, without empty ones or repeats', () => {
    expect(parseValues(' S, M ,, m , L ')).toEqual(['S', 'M', 'L']);
  });
  it('leaves out an option without a name or values', () => {
    const drafts = [newOption(' Size ', 'S, M'), newOption('', 'X'), newOption('Colour', ' , ')];
    expect(cleanOptions(drafts)).toEqual([{ name: 'Size', values: ['S', 'M'] }]);
  });
  it('makes every combination, the first option slowest', () => {
    const combos = variantCombinations([
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Colour', values: ['Black', 'White'] },
    ]);
    expect(combos.map((c) => `${c.Size}/${c.Colour}`)).toEqual([
      'S/Black',
      'S/White',
      'M/Black',
      'M/White',
      'L/Black',
      'L/White',
    ]);
  });
});

describe('suggestSku', () => {
  it('joins the title’s first two words and the values, upper-case', () => {
    expect(suggestSku('Trail Hoodie Classic', { Size: 'M', Colour: 'Navy blue' })).toBe(
      'TRAIL-HOODIE-M-NAVY-BLUE',
    );
    expect(suggestSku('Überjacke', { Size: '42' })).toBe('ÜBERJA-42');
  });
  it('puts a given prefix (the server’s, issue 40) before the values', () => {
    expect(suggestSku('Nike Air Max 90', { Size: '42' }, 'NIKE-AIR-MAX')).toBe('NIKE-AIR-MAX-42');
  });
  it('offers more of the title one word at a time (each word at most 6 letters, at most 32 characters)', () => {
    expect(skuPrefixCandidates('Nike Air Max 90')).toEqual(['NIKE-AIR', 'NIKE-AIR-MAX', 'NIKE-AIR-MAX-90']);
    expect(skuPrefixCandidates('Überjacke')).toEqual(['ÜBERJA']);
    expect(skuPrefixCandidates('— !')).toEqual(['SKU']);
    const long = skuPrefixCandidates('Alpha Bravo Charlie Delta Echo Foxtrot Golf Hotel India');
    expect(long.at(-1)).toBe('ALPHA-BRAVO-CHARLI-DELTA-ECHO');
    expect(long.every((p) => p.length <= 32)).toBe(true);
  });
});

describe('generateRows: suggested SKUs', () => {
  it('uses the prefix it is given, and never repeats a SKU already in the grid', () => {
    const kept: VariantRow = {
      key: 'v1',
      _id: 'v1',
      options: { Size: '42' },
      // The admin typed, for size 42, what the generator would suggest for 43.
      sku: 'NIKE-AIR-MAX-43',
      price: '80',
      salePrice: '0',
      stock: '3',
      image: '',
    };
    const { rows } = generateRows(
      [{ name: 'Size', values: ['42', '43', '44'] }],
      [kept],
      { title: 'Nike Air Max 90', price: 80, salePrice: 0 },
      'NIKE-AIR-MAX',
    );
    expect(rows.map((r) => r.sku)).toEqual(['NIKE-AIR-MAX-43', 'NIKE-AIR-MAX-43-2', 'NIKE-AIR-MAX-44']);
  });
  it('values that differ only in punctuation get distinct SKUs', () => {
    const { rows } = generateRows([{ name: 'Colour', values: ['Navy blue', 'Navy-Blue'] }], [], {
      title: 'Trail Hoodie',
      price: 59,
      salePrice: 0,
    });
    expect(rows.map((r) => r.sku)).toEqual(['TRAIL-HOODIE-NAVY-BLUE', 'TRAIL-HOODIE-NAVY-BLUE-2']);
  });
});

describe('generateRows', () => {
  const row = (id: string, options: Record<string, string>, stock: string): VariantRow => ({
    key: id,
    _id: id,
    options,
    sku: `HOODIE-${id}`,
    price: '49',
    salePrice: '39',
    stock,
    image: '',
  });
  const sizeColour = [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Colour', values: ['Black', 'White'] },
  ];

  it('makes the default variant the first generated one, with its id, SKU, prices and stock', () => {
    const { rows, change } = generateRows(sizeColour, [row('v-default', {}, '12')], product);
    expect(rows.map((r) => [r._id, r.sku, r.stock])).toEqual([
      ['v-default', 'HOODIE-v-default', '12'],
      [undefined, 'TRAIL-HOODIE-S-WHITE', '0'],
      [undefined, 'TRAIL-HOODIE-M-BLACK', '0'],
      [undefined, 'TRAIL-HOODIE-M-WHITE', '0'],
    ]);
    expect(rows[0]!.options).toEqual({ Size: 'S', Colour: 'Black' });
    // New rows take the first row's prices.
    expect(rows.every((r) => r.price === '49' && r.salePrice === '39')).toBe(true);
    expect(describeGridChange(change, variantLabel)).toBe(
      '4 variants: the 12 in stock stay on Size: S, Colour: Black; 3 new at stock 0.',
    );
  });

  it('spreads each row to the first combination with its values when an option is added (letter case ignored)', () => {
    const sized = [row('v-s', { Size: 'S' }, '4'), row('v-m', { Size: 'M' }, '5')];
    const { rows, change } = generateRows(
      [
        { name: 'size', values: ['s', 'M'] },
        { name: 'Colour', values: ['Black'] },
      ],
      sized,
      product,
    );
    expect(rows.map((r) => [r._id, r.stock])).toEqual([
      ['v-s', '4'],
      ['v-m', '5'],
    ]);
    expect(describeGridChange(change, variantLabel)).toBe('2 variants: 2 keep their stock (9 in all).');
  });

  it('merges the rows an option’s removal joins, stock added up, and removes the rows of a removed value', () => {
    const grid = [
      row('v-sb', { Size: 'S', Colour: 'Black' }, '3'),
      row('v-sw', { Size: 'S', Colour: 'White' }, '4'),
      row('v-mb', { Size: 'M', Colour: 'Black' }, '1'),
      row('v-lb', { Size: 'L', Colour: 'Black' }, '2'),
    ];
    const { rows, change } = generateRows([{ name: 'Size', values: ['S', 'M'] }], grid, product);
    expect(rows.map((r) => [r._id, r.options, r.stock])).toEqual([
      ['v-sb', { Size: 'S' }, '7'],
      ['v-mb', { Size: 'M' }, '1'],
    ]);
    expect(describeGridChange(change, variantLabel)).toBe(
      '2 variants: 2 keep their stock (8 in all); 1 variant merged into the one it now matches, stock added up; ' +
        '1 variant removed with 2 in stock.',
    );
    // No options at all: one row, every variant merged into the first.
    const [only] = generateRows([], grid, product).rows;
    expect(only).toMatchObject({ _id: 'v-sb', options: {}, stock: '10' });
  });

  it('keeps a merged row’s stock as typed when a stock is not a whole number', () => {
    const grid = [
      row('v-sb', { Size: 'S', Colour: 'Black' }, '3'),
      row('v-sw', { Size: 'S', Colour: 'White' }, 'x'),
    ];
    expect(generateRows([{ name: 'Size', values: ['S'] }], grid, product).rows[0]!.stock).toBe('3');
  });

  it('starts from the product’s prices without rows', () => {
    const [only] = generateRows([], [], product).rows;
    expect(only).toMatchObject({ price: '59', salePrice: '0', stock: '0', sku: 'TRAIL-HOODIE' });
  });
});

describe('variantsBody', () => {
  it('is a body the contract accepts, with the version loaded', () => {
    const options = [{ name: 'Size', values: ['S', 'M'] }];
    const rows = generateRows(options, [], product).rows.map((r, i) => ({
      ...r,
      stock: String(i + 2),
      salePrice: '',
    }));
    const body = ProductVariantsInput.parse(variantsBody(options, rows, 3));
    expect(body.version).toBe(3);
    expect(body.variants.map((v) => [v.sku, v.stock, v.salePrice, v.image])).toEqual([
      ['TRAIL-HOODIE-S', 2, 0, null],
      ['TRAIL-HOODIE-M', 3, 0, null],
    ]);
    expect(optionsKey(options)).toBe(optionsKey(cleanOptions([newOption('Size', 'S, M')])));
  });
});
