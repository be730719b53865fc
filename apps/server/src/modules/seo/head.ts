/**
 * The head of a page as search engines and link previews read it (issue 41, open storefront): its `<title>`, meta
 * description, canonical URL, Open Graph tags and JSON-LD, written into the web app's index.html by the web shell
 * (modules/web-shell/open-pages.ts). Every value is escaped for its place (attribute text, or JSON in a script).
 */
import { escapeHtml } from '../../lib/html.ts';
import { jsonLdScript } from './json-ld.ts';

/** The shop's name, as index.html's title and the app's `document.title` suffix write it. */
export const SHOP_NAME = 'Emporium';

/** index.html's own description (apps/web/index.html), kept for pages that have none of their own. */
export const SHOP_DESCRIPTION = 'Emporium: shop electronics, clothing, home, beauty and sports products.';

/** Meta descriptions are cut to about this many characters (what result pages show). */
export const DESCRIPTION_MAX = 160;

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL; none for a page that names no page of the shop (a product no longer sold). */
  canonical?: string;
  /** Open Graph type: `product` on a product page, else `website`. */
  type: 'website' | 'product';
  /** Absolute URL of the page's main image (og:image). */
  image?: string;
  /** Structured data blocks (modules/seo/json-ld.ts). */
  jsonLd?: readonly object[];
  /** `noindex`: a page that should not be in an index (search results, a product no longer sold). */
  noindex?: boolean;
}

/** `text` on one line, cut at a word boundary to at most `max` characters with an ellipsis when it was longer. */
export function summary(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut.slice(0, max - 1)).replace(/[\s,.;:]+$/, '')}…`;
}

/** The tags a page adds to index.html's head besides its title and description. */
export function headTags(head: PageHead): string {
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}">`;
  return [
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : '',
    head.noindex ? '<meta name="robots" content="noindex">' : '',
    meta('og:site_name', SHOP_NAME),
    meta('og:type', head.type),
    meta('og:title', head.title),
    meta('og:description', head.description),
    head.canonical ? meta('og:url', head.canonical) : '',
    head.image ? meta('og:image', head.image) : '',
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">`,
    ...(head.jsonLd ?? []).map((data) => jsonLdScript(data)),
  ].join('');
}

/**
 * `html` (index.html as built) with the page's title and description in place of the built ones (added when the
 * build has none) and the other head tags before `</head>`.
 */
export function withHead(html: string, head: PageHead): string {
  const title = `<title>${escapeHtml(head.title)}</title>`;
  const description = `<meta name="description" content="${escapeHtml(head.description)}">`;
  let out = html;
  out = /<title>[^<]*<\/title>/.test(out) ? out.replace(/<title>[^<]*<\/title>/, () => title) : out;
  out = /<meta\s+name="description"[^>]*>/.test(out)
    ? out.replace(/<meta\s+name="description"[^>]*>/, () => description)
    : out;
  const missing = (out.includes(title) ? '' : title) + (out.includes(description) ? '' : description);
  return out.replace('</head>', () => `${missing}${headTags(head)}</head>`);
}
