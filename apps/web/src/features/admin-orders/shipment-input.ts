import { OrderStatusBody } from '@emporium/contract';
import type { ShipmentInput } from '@/lib/admin/admin-api';

/** The shipping notice's three fields as typed in the order's dialog. */
export interface ShipmentFields {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string;
}

/** What Update sends with Shipped: the tracking details (none when every field is empty), or why it cannot. */
export type ShipmentChoice =
  { ok: true; tracking: ShipmentInput | undefined } | { ok: false; message: string };

/** Said when only part of the carrier and tracking number pair is filled in (or only the link). */
export const PARTIAL_TRACKING =
  'Enter both the carrier and the tracking number, or leave the tracking details empty to ship without tracking.';

/**
 * Reads the shipping notice of a Shipped status change. Tracking is optional, as Shopify's "Mark as fulfilled"
 * has it (issue 46, item 16): with every field empty the order ships without tracking (the spec's
 * `{orderStatus: 'Shipped'}`); once filled in, the fields are checked by the server's own rules (contract
 * `OrderStatusBody`: carrier and tracking number together, an https link), so the message comes before the call
 * instead of as a refusal after it.
 */
export function shipmentChoice(fields: ShipmentFields): ShipmentChoice {
  const carrier = fields.carrier.trim();
  const trackingNumber = fields.trackingNumber.trim();
  const trackingUrl = fields.trackingUrl.trim();
  if (!carrier && !trackingNumber && !trackingUrl) return { ok: true, tracking: undefined };
  if (!carrier || !trackingNumber) return { ok: false, message: PARTIAL_TRACKING };
  const tracking: ShipmentInput = { carrier, trackingNumber, ...(trackingUrl ? { trackingUrl } : {}) };
  const checked = OrderStatusBody.safeParse({ orderStatus: 'Shipped', ...tracking });
  if (!checked.success) return { ok: false, message: checked.error.issues[0]!.message };
  return { ok: true, tracking };
}
