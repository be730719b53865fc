/**
 * Structured data for search engines (issue 41, "Pages a search engine can read"; schema.org vocabulary as Google's
 * Product and Breadcrumb rich results read it): a product page's Product, with one Offer per variant, and its
 * BreadcrumbList (Home › Category › Product), built from the same details answer the page shows
 * (modules/products/answers.ts), so the price and availability a crawler reads are the page's.
 */
import { effectivePrice, toDollars, WITHDRAWAL_DAYS, type ProductDetails } from '@emporium/contract';

/** The shop's only currency (ISO 4217): prices are US dollars throughout (DESIGN.md §4, PayPal's `USD`). */
export const CURRENCY = 'USD';

/** An active shipping method as the offers describe it (cents, like the shipping_methods table). */
export interface ShippingOption {
  name: string;
  /** ISO 3166-1 alpha-2 codes; empty: every country. */
  countries: readonly string[];
  priceCents: number;
  /** Free at or above this order amount (cents); null: never free. */
  freeAboveCents: number | null;
  minDays: number | null;
  maxDays: number | null;
}

/** Where the page's addresses point: absolute URLs without a trailing slash or query. */
export interface ProductPageUrls {
  /** The product's canonical address (`/shop/product/<slug>-<id>`). */
  product: string;
  home: string;
  /** The listing filtered by the product's category. */
  category: string;
}

const SCHEMA = 'https://schema.org';

/**
 * `offers.shippingDetails` for one offer: each active method's rate for an order of just this item (free when its
 * price reaches the method's `freeAbove`, as the pricing engine rules, modules/pricing/service.ts), its countries
 * (none named: every country, so no destination is stated) and its delivery estimate in days when it has one.
 */
function shippingDetails(options: readonly ShippingOption[], priceCents: number): object[] {
  return options.map((m) => ({
    '@type': 'OfferShippingDetails',
    shippingLabel: m.name,
    shippingRate: {
      '@type': 'MonetaryAmount',
      value: toDollars(m.freeAboveCents !== null && priceCents >= m.freeAboveCents ? 0 : m.priceCents),
      currency: CURRENCY,
    },
    ...(m.countries.length > 0
      ? { shippingDestination: m.countries.map((c) => ({ '@type': 'DefinedRegion', addressCountry: c })) }
      : {}),
    ...(m.minDays !== null && m.maxDays !== null
      ? {
          deliveryTime: {
            '@type': 'ShippingDeliveryTime',
            transitTime: {
              '@type': 'QuantitativeValue',
              minValue: m.minDays,
              maxValue: m.maxDays,
              unitCode: 'DAY',
            },
          },
        }
      : {}),
  }));
}

/**
 * The return policy every order carries: the EU right of withdrawal, `WITHDRAWAL_DAYS` (14) days from delivery,
 * returned by mail (Directive 2011/83/EU art. 9; modules/withdrawals), stated for the shop's country.
 */
export function returnPolicy(shopCountry: string): object {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: shopCountry,
    returnPolicyCategory: `${SCHEMA}/MerchantReturnFiniteReturnWindow`,
    merchantReturnDays: WITHDRAWAL_DAYS,
    returnMethod: `${SCHEMA}/ReturnByMail`,
  };
}

/**
 * The Product and BreadcrumbList of a product page. Offers: one per variant (a product without options has its one
 * default variant), priced at what the page shows for it (the sale price when above 0, else the price: spec §3's
 * line price, the variant's own), `InStock` when it has stock, else `OutOfStock`; a variant's offer links to the page
 * with that variant chosen (`?variant=`, as the page reads it) when there are several. `aggregateRating` only when
 * the product has reviews.
 */
export function productJsonLd(
  product: ProductDetails,
  urls: ProductPageUrls,
  shipping: readonly ShippingOption[],
  shopCountry: string,
): object[] {
  const variants =
    product.variants.length > 0
      ? product.variants
      : [{ _id: '', sku: '', price: product.price, salePrice: product.salePrice, stock: product.totalStock }];
  const policy = returnPolicy(shopCountry);
  const offers = variants.map((v) => {
    const price = effectivePrice(v);
    return {
      '@type': 'Offer',
      ...(v.sku ? { sku: v.sku } : {}),
      url: variants.length > 1 ? `${urls.product}?variant=${encodeURIComponent(v._id)}` : urls.product,
      price,
      priceCurrency: CURRENCY,
      availability: `${SCHEMA}/${v.stock > 0 ? 'InStock' : 'OutOfStock'}`,
      itemCondition: `${SCHEMA}/NewCondition`,
      shippingDetails: shippingDetails(shipping, Math.round(price * 100)),
      hasMerchantReturnPolicy: policy,
    };
  });
  const images = product.images.length > 0 ? product.images.map((i) => i.url) : [product.image];
  const productLd = {
    '@context': SCHEMA,
    '@type': 'Product',
    '@id': urls.product,
    name: product.title,
    description: product.description,
    image: images.filter(Boolean),
    url: urls.product,
    brand: { '@type': 'Brand', name: product.brand },
    category: product.category,
    ...(variants.length === 1 && variants[0]!.sku ? { sku: variants[0]!.sku } : {}),
    offers: offers.length === 1 ? offers[0] : offers,
    ...(product.reviewsCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.averageRating,
            reviewCount: product.reviewsCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  const breadcrumbs = {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: urls.home },
      { '@type': 'ListItem', position: 2, name: product.category, item: urls.category },
      { '@type': 'ListItem', position: 3, name: product.title, item: urls.product },
    ],
  };
  return [productLd, breadcrumbs];
}

/** Characters that must not appear raw inside a `<script>` element's text, with their JSON escapes. */
const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * `<script type="application/ld+json">` with `data` as JSON in which `<`, `>` and `&` (and the line separators) are
 * written as `\u` escapes: the same JSON to a parser, but no `</script>` or `<!--` a title or description could use
 * to end the element early and put markup into the page.
 */
export function jsonLdScript(data: unknown): string {
  const json = JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);
  return `<script type="application/ld+json">${json}</script>`;
}
