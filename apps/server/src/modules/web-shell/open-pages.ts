/**
 * What the open storefront (STOREFRONT_MODE=open, issue 41 "Pages a search engine can read") tells crawlers and link
 * previews about a public page before any script runs: its head (modules/seo/head.ts: title, description, canonical
 * URL, Open Graph, JSON-LD) and its HTTP status. The product page's comes from the same cached details answer as the
 * page's first API call (modules/products/answers.ts), so the JSON-LD's prices and availability are the page's.
 * - `/shop/product/<slug>-<id>` is a product's one address; the id alone (the spec's form) or an old slug answers 301
 *   to it; a product the catalog does not have (deleted, or never there) answers 410 with the app's page, which
 *   shows that it is not available; an address that cannot name a product (no id in it) 404.
 * - The listing's canonical URL is the plain listing, or a single category's listing (a page of its own, in the
 *   sitemap); any other filter, sort or page points to the plain listing.
 * - Search results are not for an index (`noindex`).
 * The members storefront never reads this: its pages stay as built (the spec's behaviour).
 */
import { CATEGORIES, productIdFromParam, productUrlParam, type ProductDetails } from '@emporium/contract';
import { asc, eq } from 'drizzle-orm';
import { shippingMethods } from '../../db/schema.ts';
import type { CatalogReads } from '../../lib/catalog-cache.ts';
import { HttpError, isUuid } from '../../lib/http-error.ts';
import { featureImagesAnswer } from '../features/answers.ts';
import { productAnswer } from '../products/answers.ts';
import { SHOP_DESCRIPTION, SHOP_NAME, summary, type PageHead } from '../seo/head.ts';
import { productJsonLd, type ShippingOption } from '../seo/json-ld.ts';

/** A public page's answer in the open storefront: a permanent redirect, or the app's page with this status and head. */
export type OpenPage =
  { kind: 'redirect'; location: string } | { kind: 'page'; status: 200 | 404 | 410; head: PageHead };

export interface OpenPages {
  /** The answer for `path` (decoded as requested) and its query; null for a page this does not describe. */
  resolve(path: string, query: URLSearchParams): Promise<OpenPage | null>;
}

const PRODUCT_PAGE = /^\/shop\/product\/([^/]+)\/?$/;
const LISTING_PAGE = /^\/shop\/listing\/?$/;
const HOME_PAGE = /^\/(?:shop\/home\/?)?$/;
const SEARCH_PAGE = /^\/shop\/search\/?$/;

/** The listing filtered by one category, as the web app writes it (apps/web/src/lib/filters.ts listingPathFor). */
export function categoryListingPath(category: string): string {
  return `/shop/listing?category=${encodeURIComponent(category)}`;
}

/** A product's canonical path: `/shop/product/<slug>-<id>`. */
export function productPagePath(product: { _id: string; title: string }): string {
  return `/shop/product/${productUrlParam(product)}`;
}

/** The active shipping methods, cheapest first, as the offers state them. */
async function activeShipping(reads: CatalogReads): Promise<ShippingOption[]> {
  return reads.db
    .select({
      name: shippingMethods.name,
      countries: shippingMethods.countries,
      priceCents: shippingMethods.priceCents,
      freeAboveCents: shippingMethods.freeAboveCents,
      minDays: shippingMethods.minDays,
      maxDays: shippingMethods.maxDays,
    })
    .from(shippingMethods)
    .where(eq(shippingMethods.active, true))
    .orderBy(asc(shippingMethods.priceCents), asc(shippingMethods.name));
}

/**
 * `storefrontUrl`: the web app's origin (config.storefrontUrl), which canonical URLs name. `shopCountry`: the return
 * policy's country. The shipping methods are read once per catalog generation and cache TTL (CatalogCache.memo).
 */
export function createOpenPages(opts: {
  reads: CatalogReads;
  storefrontUrl: string;
  shopCountry: string;
}): OpenPages {
  const { reads, storefrontUrl: base } = opts;
  const titled = (what: string) => `${what} · ${SHOP_NAME}`;

  async function productPage(asked: string, param: string, query: URLSearchParams): Promise<OpenPage> {
    const id = productIdFromParam(param);
    const gone: OpenPage = {
      kind: 'page',
      status: isUuid(id) ? 410 : 404,
      head: {
        title: titled('Product not available'),
        description: SHOP_DESCRIPTION,
        type: 'website',
        noindex: true,
      },
    };
    if (!isUuid(id)) return gone;
    let product: ProductDetails;
    try {
      product = (JSON.parse((await productAnswer(reads, id)).json.toString()) as { data: ProductDetails })
        .data;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return gone;
      throw error;
    }
    const path = productPagePath(product);
    if (asked !== path) {
      const search = query.toString();
      return { kind: 'redirect', location: search ? `${path}?${search}` : path };
    }
    const canonical = `${base}${path}`;
    const shipping = await reads.cache.memo('seo:shipping', () => activeShipping(reads));
    return {
      kind: 'page',
      status: 200,
      head: {
        title: titled(product.title),
        description: summary(product.description) || SHOP_DESCRIPTION,
        canonical,
        type: 'product',
        image: product.image || undefined,
        jsonLd: productJsonLd(
          product,
          {
            product: canonical,
            home: `${base}/shop/home`,
            category: `${base}${categoryListingPath(product.category)}`,
          },
          shipping,
          opts.shopCountry,
        ),
      },
    };
  }

  function listingPage(query: URLSearchParams): OpenPage {
    const keys = [...new Set(query.keys())];
    const category = query.getAll('category');
    const single =
      keys.length === 1 && keys[0] === 'category' && category.length === 1 && !category[0]!.includes(',')
        ? CATEGORIES.find((c) => c === category[0])
        : undefined;
    return {
      kind: 'page',
      status: 200,
      head: single
        ? {
            title: titled(single),
            description: `Shop ${single} at ${SHOP_NAME}: compare prices, sizes and reviews.`,
            canonical: `${base}${categoryListingPath(single)}`,
            type: 'website',
          }
        : {
            title: titled('All products'),
            description: SHOP_DESCRIPTION,
            canonical: `${base}/shop/listing`,
            type: 'website',
          },
    };
  }

  async function homePage(): Promise<OpenPage> {
    const features = JSON.parse((await featureImagesAnswer(reads)).json.toString()) as {
      data: Array<{ image: string }>;
    };
    return {
      kind: 'page',
      status: 200,
      head: {
        title: SHOP_NAME,
        description: SHOP_DESCRIPTION,
        canonical: `${base}/shop/home`,
        type: 'website',
        image: features.data[0]?.image,
      },
    };
  }

  return {
    async resolve(path, query) {
      const product = PRODUCT_PAGE.exec(path);
      if (product) return productPage(path, product[1]!, query);
      if (LISTING_PAGE.test(path)) return listingPage(query);
      if (HOME_PAGE.test(path)) return homePage();
      if (SEARCH_PAGE.test(path)) {
        return {
          kind: 'page',
          status: 200,
          head: {
            title: titled('Search'),
            description: SHOP_DESCRIPTION,
            canonical: `${base}/shop/search`,
            type: 'website',
            noindex: true,
          },
        };
      }
      return null;
    },
  };
}
