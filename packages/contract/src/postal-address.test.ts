import { describe, expect, it } from 'vitest';
import { countryName, postalAddressLines } from './postal-address.ts';

const base = { address: '1 Market Street', city: 'Springfield', state: 'IL', pincode: '62701' };

describe('postalAddressLines', () => {
  it('prints a US address as "City, ST ZIP" with the recipient first and the country last', () => {
    expect(postalAddressLines({ ...base, name: ' Alice Doe ', country: 'US' })).toEqual([
      'Alice Doe',
      '1 Market Street',
      'Springfield, IL 62701',
      'United States',
    ]);
  });

  it('prints a German address as "ZIP City" without the region, and "Germany"', () => {
    expect(
      postalAddressLines({
        name: 'Jana Müller',
        address: 'Invalidenstraße 116',
        city: 'Berlin',
        state: 'Berlin',
        pincode: '10115',
        country: 'de',
      }),
    ).toEqual(['Jana Müller', 'Invalidenstraße 116', '10115 Berlin', 'Germany']);
  });

  it('prints a British address with the post town, then the postcode upper-cased on its own line', () => {
    expect(
      postalAddressLines({
        address: '10 Downing Street',
        city: 'London',
        state: 'Greater London',
        pincode: 'sw1a 2aa',
        country: 'GB',
      }),
    ).toEqual(['10 Downing Street', 'London', 'SW1A 2AA', 'United Kingdom']);
    expect(
      postalAddressLines({ ...base, city: 'Dublin 2', pincode: 'D02 X285', country: 'IE' }).slice(-3),
    ).toEqual(['Dublin 2', 'D02 X285', 'Ireland']);
  });

  it('keeps every field for other countries (the US layout), and leaves blank parts and lines out', () => {
    expect(
      postalAddressLines({ ...base, state: 'Maharashtra', pincode: '400001', city: 'Mumbai', country: 'IN' }),
    ).toEqual(['1 Market Street', 'Mumbai, Maharashtra 400001', 'India']);
    expect(
      postalAddressLines({ ...base, name: '  ', state: ' ', address: 'Flat 2\n\n3 High St', country: 'JP' }),
    ).toEqual(['Flat 2', '3 High St', 'Springfield, 62701', 'Japan']);
  });

  it('prints no country line only for an order placed before countries existed', () => {
    expect(postalAddressLines({ ...base, country: null })).toEqual([
      '1 Market Street',
      'Springfield, IL 62701',
    ]);
  });
});

describe('countryName', () => {
  it('names a code in English and answers an unknown code with itself', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('not a code')).toBe('not a code');
  });
});
