import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { CountryCode } from './pricing.ts';

function field(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/**
 * The recipient's full name (issue 40), optional: trimmed, at most LIMITS.recipientName; blank means none. Absent in
 * an update keeps the stored name (the spec's client sends none).
 */
export const RecipientName = z
  .string()
  .trim()
  .max(LIMITS.recipientName.max, `Full name must be at most ${LIMITS.recipientName.max} characters`);

/**
 * The six address fields (spec §3, §5): all text, all required and non-blank after trimming, each bounded
 * (LIMITS.addressField, notes LIMITS.addressNotes). Additions: `country` (issue 27) and `name` (issue 40), optional.
 */
export const AddressFields = z.strictObject({
  name: RecipientName.optional(),
  address: field('Address', LIMITS.addressField.max),
  city: field('City', LIMITS.addressField.max),
  state: field('State', LIMITS.addressField.max),
  pincode: field('Pincode', LIMITS.addressField.max),
  phone: field('Phone', LIMITS.addressField.max),
  notes: field('Notes', LIMITS.addressNotes.max),
  /** ISO 3166-1 alpha-2 (issue 27); optional: the spec's client sends none and gets the shop's (`SHOP_COUNTRY`). */
  country: CountryCode.optional(),
});
export type AddressFields = z.infer<typeof AddressFields>;

/** `POST /api/shop/address/add` body (spec §7): the fields plus `userId`, which must be the caller's (else 403). */
export const AddressAddBody = AddressFields.extend({ userId: z.string().max(64) });
export type AddressAddBody = z.infer<typeof AddressAddBody>;

/** `PUT /api/shop/address/update/:userId/:addressId` body: only the six fields can change. */
export const AddressUpdateBody = AddressFields;
export type AddressUpdateBody = z.infer<typeof AddressUpdateBody>;

export const AddressUserParams = z.object({ userId: z.string().max(64) });
export const AddressParams = z.object({ userId: z.string().max(64), addressId: z.string().max(64) });

/** A saved address as read (spec §3). */
export const Address = z.object({
  _id: z.string(),
  userId: z.string(),
  /** The recipient's full name (issue 40); '' when none was given. */
  name: z.string().optional(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  phone: z.string(),
  notes: z.string(),
  /** ISO 3166-1 alpha-2 (issue 27). */
  country: z.string(),
  /**
   * When the shopper last placed an order to this address (ISO), or null: the checkout preselects the address used
   * last (issue 27). Given in the address list answers.
   */
  lastUsedAt: z.string().nullable().optional(),
  /**
   * The address the shopper would ship to (issue 40): the one ordered to last, else the newest; exactly one of a
   * list answer's addresses has it true. The checkout preselects it and the cart's shipping estimate prices to it.
   */
  preferred: z.boolean().optional(),
});
export type Address = z.infer<typeof Address>;

export const AddressResponse = z.object({ success: z.literal(true), message: z.string(), data: Address });
export type AddressResponse = z.infer<typeof AddressResponse>;

export const AddressListResponse = z.object({ success: z.literal(true), data: z.array(Address) });
export type AddressListResponse = z.infer<typeof AddressListResponse>;
