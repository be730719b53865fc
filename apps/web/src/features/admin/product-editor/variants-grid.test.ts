import { describe, expect, it } from 'vitest';
import { ProductVariantsInput } from '@emporium/contract';
import {
  cleanOptions,
  combinations,
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
    const combos = combinations([
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
});

describe('generateRows', () => {
  const existing: VariantRow[] = [
    {
      key: 'size=s',
      _id: 'v-s',
      options: { Size: 'S' },
      sku: 'HOODIE-S',
      price: '49',
      salePrice: '39',
      stock: '4',
      image: 'https://shop.test/uploads/s.webp',
    },
  ];

  it('keeps a row whose combination still exists and adds the new ones with a suggested SKU', () => {
    const rows = generateRows(
      [
        { name: 'size', values: ['s', 'M'] },
        { name: 'Colour', values: ['Black'] },
      ],
      existing,
      product,
    );
    expect(rows.map((r) => r.sku)).toEqual(['TRAIL-HOODIE-S-BLACK', 'TRAIL-HOODIE-M-BLACK']);
    // A new option means new combinations: none matches "S" alone; prices come from the first row.
    expect(rows.every((r) => r._id === undefined && r.price === '49' && r.stock === '0')).toBe(true);

    const again = generateRows([{ name: 'Size', values: ['S', 'M'] }], existing, product);
    expect(again[0]).toMatchObject({ _id: 'v-s', sku: 'HOODIE-S', stock: '4', price: '49', salePrice: '39' });
    expect(again[1]).toMatchObject({ sku: 'TRAIL-HOODIE-M', stock: '0', image: '' });
    expect(again[1]!._id).toBeUndefined();
  });

  it('keeps the first row as the one variant of a product without options', () => {
    const rows = generateRows([], existing, product);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ _id: 'v-s', options: {}, sku: 'HOODIE-S' });
  });

  it('starts from the product’s prices without rows', () => {
    const [row] = generateRows([], [], product);
    expect(row).toMatchObject({ price: '59', salePrice: '0', stock: '0', sku: 'TRAIL-HOODIE' });
  });
});

describe('variantsBody', () => {
  it('is a body the contract accepts, with the version loaded', () => {
    const options = [{ name: 'Size', values: ['S', 'M'] }];
    const rows = generateRows(options, [], product).map((r, i) => ({
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
