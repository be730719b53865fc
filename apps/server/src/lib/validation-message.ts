/**
 * Validation failures in words a person reads (issue 40, item 9; DESIGN.md §4: "400 validation with the field
 * named"): "Password must be at least 8 characters", "Sale price must be 0 or below the price", never
 * "password: Too small: expected string to have >=8 characters".
 */

/** One failed check as fastify-type-provider-zod reports it: the zod issue's code, path and message. */
export interface ValidationIssue {
  /** The zod issue code (`too_small`, `invalid_type`, …). */
  keyword?: string;
  /** The field's path, e.g. `/password` or `/items/0/quantity`; `/` or empty for the whole body. */
  instancePath?: string;
  message?: string;
  /** The zod issue's other details (`minimum`, `maximum`, `origin`, `values`, `keys`, `format`). */
  params?: Record<string, unknown>;
}

/** Field names whose words are not their camelCase split (the rest: `salePrice` → "Sale price"). */
const FIELD_WORDS: Record<string, string> = {
  username: 'User name',
  userName: 'User name',
  email: 'Email',
  newEmail: 'New e-mail address',
  totalStock: 'Stock',
  sku: 'SKU',
  _id: 'Id',
  id: 'Id',
  sortBy: 'Sort order',
  productIds: 'Product list',
  images: 'Photos',
  alt: 'Alt text',
};

/** A field name as words, first letter capitalised: `salePrice` → "Sale price". */
export function fieldWords(name: string): string {
  const known = FIELD_WORDS[name];
  if (known) return known;
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The field a path names, in words: its last name, after the list entry it belongs to, counted from 1
 * (`/items/0/quantity` → "Item 1: quantity"). Empty for the whole body.
 */
function fieldLabel(path: readonly string[]): string {
  const names = path.filter((p) => !/^\d+$/.test(p));
  const last = names.at(-1);
  if (last === undefined) return '';
  const index = path.findLastIndex((p) => /^\d+$/.test(p));
  const list = index > 0 ? path[index - 1] : undefined;
  if (list === undefined || list === last) return fieldWords(last);
  const entry = fieldWords(list).replace(/s$/, '');
  return `${entry} ${Number(path[index]) + 1}: ${fieldWords(last).toLowerCase()}`;
}

/** zod's own wording (the schemas' messages are sentences written for people and start otherwise). */
const ZOD_DEFAULT = /^(Invalid|Too small|Too big|Unrecognized key)/;

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

const num = (v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? String(v) : '');

/** zod's default message for `issue`, as a sentence about `label`. */
function defaultSentence(label: string, issue: ValidationIssue): string {
  const p = issue.params ?? {};
  const origin = p.origin;
  switch (issue.keyword) {
    case 'invalid_type':
      if (/received undefined$/.test(issue.message ?? '')) return `${label} is required`;
      return `${label} must be ${TYPE_WORDS[String(p.expected)] ?? String(p.expected)}`;
    case 'too_small':
      if (origin === 'string')
        return num(p.minimum) === '1'
          ? `${label} is required`
          : `${label} must be at least ${num(p.minimum)} characters`;
      if (origin === 'array' || origin === 'set') return `${label} needs at least ${num(p.minimum)}`;
      return p.inclusive === false
        ? `${label} must be above ${num(p.minimum)}`
        : `${label} must be at least ${num(p.minimum)}`;
    case 'too_big':
      if (origin === 'string') return `${label} must be at most ${num(p.maximum)} characters`;
      if (origin === 'array' || origin === 'set') return `${label} takes at most ${num(p.maximum)}`;
      return p.inclusive === false
        ? `${label} must be below ${num(p.maximum)}`
        : `${label} must be at most ${num(p.maximum)}`;
    case 'invalid_value': {
      const values = Array.isArray(p.values) ? p.values.map(String) : [];
      return values.length > 0 && values.length <= 6
        ? `${label} must be one of: ${values.join(', ')}`
        : `${label} is not one of the allowed values`;
    }
    case 'invalid_format':
      return p.format === 'email' ? 'Enter a valid email address' : `${label} is not in the right format`;
    default:
      return `${label} is not valid`;
  }
}

/**
 * The message for a refused request (400): the first failed check as a sentence that names the field in words.
 * `where` is the part of the request it failed in (`body`, `querystring`, `params`), used when the path names no
 * field. A schema's own message (a sentence written for people, e.g. "Password must be at least 8 characters") is
 * kept as written; one that does not start with its field ("must be 0 or below the price") gets the field in front.
 */
export function validationMessage(issue: ValidationIssue | undefined, where?: string): string {
  if (!issue) return 'Invalid request';
  const path = (issue.instancePath ?? '').split('/').filter((p) => p.length > 0);
  const message = issue.message ?? '';
  if (issue.keyword === 'unrecognized_keys') {
    const keys = Array.isArray(issue.params?.keys) ? issue.params.keys.map(String) : [];
    const known = keys.length === 1 ? `the field ${keys[0]}` : `the fields ${keys.join(', ')}`;
    return keys.length > 0 ? `This request does not take ${known}` : 'This request has unknown fields';
  }
  const label = fieldLabel(path) || (where === 'querystring' ? 'Query' : where === 'params' ? 'Address' : '');
  if (!label) return message && !ZOD_DEFAULT.test(message) ? message : 'The request body is not valid';
  if (ZOD_DEFAULT.test(message) || message === '') return defaultSentence(label, issue);
  if (/^[a-z]/.test(message)) return `${label} ${message}`;
  return message;
}
