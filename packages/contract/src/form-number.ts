import { z } from 'zod';

/** A plain decimal as a form field holds it: `7`, `-1`, `19.99`, `.5`; no sign `+`, exponent, hex or spaces inside. */
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * A number field of an admin body: a JSON number or a plain decimal string (spec §7's client sends form values as
 * strings), then checked by `schema`. `z.coerce` would also take `true` as 1, `[7]` as 7, `"0x10"` as 16 and `null`
 * as 0; those, and any other value, are refused with a message the 400 prefixes with the field's name.
 * `emptyAs` is the value of an empty string, for a field a form may leave blank (without it, blank is refused).
 */
export function formNumber<T extends z.ZodNumber>(schema: T, emptyAs?: number) {
  return z.preprocess((v, ctx) => {
    if (typeof v === 'number') return v;
    if (typeof v === 'string') {
      const s = v.trim();
      if (s === '' && emptyAs !== undefined) return emptyAs;
      if (DECIMAL.test(s)) return Number(s);
    }
    ctx.addIssue({ code: 'custom', message: 'must be a number or a decimal string such as "19.99"' });
    return z.NEVER;
  }, schema);
}
