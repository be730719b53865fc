import { describe, expect, it } from 'vitest';
import { PARTIAL_TRACKING, shipmentChoice, type ShipmentFields } from './shipment-input';

const empty: ShipmentFields = { carrier: '', trackingNumber: '', trackingUrl: '' };

describe('shipmentChoice (the shipping notice sent with Shipped)', () => {
  it.each([
    ['nothing typed', empty],
    ['only spaces', { carrier: '  ', trackingNumber: ' ', trackingUrl: '   ' }],
  ])('ships without tracking when %s (the spec’s {orderStatus: "Shipped"})', (_, fields) => {
    expect(shipmentChoice(fields)).toEqual({ ok: true, tracking: undefined });
  });

  it('sends the carrier and tracking number, trimmed, and the link only when given', () => {
    expect(shipmentChoice({ carrier: ' UPS ', trackingNumber: ' 1Z999 ', trackingUrl: ' ' })).toEqual({
      ok: true,
      tracking: { carrier: 'UPS', trackingNumber: '1Z999' },
    });
    expect(
      shipmentChoice({ carrier: 'UPS', trackingNumber: '1Z999', trackingUrl: 'https://ups.com/t?n=1Z999' }),
    ).toEqual({
      ok: true,
      tracking: { carrier: 'UPS', trackingNumber: '1Z999', trackingUrl: 'https://ups.com/t?n=1Z999' },
    });
  });

  it.each([
    ['the carrier alone', { ...empty, carrier: 'UPS' }],
    ['the tracking number alone', { ...empty, trackingNumber: '1Z999' }],
    ['the link alone', { ...empty, trackingUrl: 'https://ups.com/t' }],
    ['the carrier and the link', { carrier: 'UPS', trackingNumber: ' ', trackingUrl: 'https://ups.com/t' }],
  ])('asks for the whole pair when given %s', (_, fields) => {
    expect(shipmentChoice(fields)).toEqual({ ok: false, message: PARTIAL_TRACKING });
  });

  it.each(['http://ups.com/t', 'javascript:alert(1)', 'ups.com/t'])(
    'refuses the link %s with the server’s message',
    (trackingUrl) => {
      expect(shipmentChoice({ carrier: 'UPS', trackingNumber: '1Z999', trackingUrl })).toEqual({
        ok: false,
        message: 'The tracking link must be a web address starting with https://.',
      });
    },
  );
});
