import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { CountryCode } from './pricing.ts';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/**
 * Where withdrawn or returned items go back (issue 40, item 14): a whole postal address (printed with
 * `postalAddressLines`) and the instructions the shopper reads with it. Every field trimmed; `state` may be blank
 * (many countries print none), `instructions` too.
 */
export const ReturnSettings = z.strictObject({
  /** Who receives the parcel, e.g. "Emporium Returns". */
  name: text('Name', LIMITS.recipientName.max),
  address: text('Address', LIMITS.addressField.max),
  city: text('City', LIMITS.addressField.max),
  state: z
    .string()
    .trim()
    .max(LIMITS.addressField.max, `State must be at most ${LIMITS.addressField.max} characters.`)
    .default(''),
  pincode: text('Postal code', LIMITS.addressField.max),
  country: CountryCode,
  instructions: z
    .string()
    .trim()
    .max(
      LIMITS.returnInstructions.max,
      `Instructions must be at most ${LIMITS.returnInstructions.max} characters.`,
    )
    .default(''),
});
export type ReturnSettings = z.infer<typeof ReturnSettings>;

/** The shop's settings an admin edits on the Settings page; `returns` is null until set. */
export const ShopSettings = z.object({ returns: ReturnSettings.nullable() });
export type ShopSettings = z.infer<typeof ShopSettings>;

/** `PUT /api/admin/shop-settings` body: the return address and instructions (every field; 400 on a bad one). */
export const ShopSettingsBody = z.strictObject({ returns: ReturnSettings });
export type ShopSettingsBody = z.infer<typeof ShopSettingsBody>;

/** `GET`/`PUT /api/admin/shop-settings` answer. */
export const ShopSettingsResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: ShopSettings,
});
export type ShopSettingsResponse = z.infer<typeof ShopSettingsResponse>;

/** `GET /api/shop/returns` answer (public): the return address and instructions, or null when the shop set none. */
export const ReturnsResponse = z.object({ success: z.literal(true), data: ReturnSettings.nullable() });
export type ReturnsResponse = z.infer<typeof ReturnsResponse>;
