/**
 * `/robots.txt` (issue 41; RFC 9309). The open storefront lets crawlers read the public pages and keeps them out of
 * the admin, the account pages, the checkout and the API, and names the sitemap. The members storefront (the spec's
 * shop, every page behind the login) keeps every crawler out, as its pages' `X-Robots-Tag: noindex` does.
 */

/** The paths the open storefront keeps crawlers out of (each with everything under it). */
export const DISALLOWED_PATHS = ['/admin', '/shop/account', '/shop/checkout', '/api'] as const;

/** robots.txt for the storefront `mode`; `base`: the storefront's origin, where the sitemap is. */
export function robotsTxt(mode: 'members' | 'open', base: string): string {
  if (mode === 'members') return 'User-agent: *\nDisallow: /\n';
  return (
    'User-agent: *\n' +
    DISALLOWED_PATHS.map((path) => `Disallow: ${path}\n`).join('') +
    `\nSitemap: ${base}/sitemap.xml\n`
  );
}
