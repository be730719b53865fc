/**
 * Lighthouse figures (issues 13 and 46): mobile performance, accessibility, JavaScript transferred and layout shift
 * of /auth/login and of every shop page (home, listing, a product page, search, checkout, account, payment return and
 * success), against the production build served by the built server, in Debian's Chromium, for two shoppers: one
 * whose e-mail address is not verified (the verification banner above every shop page) and the verified demo
 * shopper, each with one product in the cart. The goals: performance ≥ 95, accessibility 100 (issue 13); at most
 * 100 kB of JavaScript transferred on a cold load and no layout shift (issue 46; bench/bundle-size.ts holds the build
 * to the first). A benchmark: it prints the figures and never fails.
 *
 *   npm run build && npm run lighthouse -w @emporium/bench      (or: npx tsx bench/lighthouse.ts)
 *
 * Environment: LIGHTHOUSE_RUNS (default 1; with more, every figure is the median of the runs, and the audits listed
 * are those of the run with the median performance score), CHROMIUM_PATH (default /usr/bin/chromium; never
 * downloaded), LIGHTHOUSE_PORT (the server's port, default 3320), LIGHTHOUSE_OUT (a folder: writes there the JSON
 * report of each page's listed run, to open in https://googlechrome.github.io/lighthouse/viewer/), LIGHTHOUSE_PAGES
 * (a comma-separated subset of the page names, e.g. `/shop/home,/shop/listing`), LIGHTHOUSE_SHOPPERS (`unverified`,
 * `verified` or both, the default, comma-separated), WEB_DIST (another web build to serve, for an A/B of two
 * builds), LIGHTHOUSE_STOREFRONT (`open`: the server runs with STOREFRONT_MODE=open and the bench measures a
 * visitor's anonymous cold loads of home, the listing and a product page at its readable address, issue 41; the
 * shoppers' pages only when LIGHTHOUSE_SHOPPERS names them).
 *
 * Every page also gets Lighthouse's SEO score (issue 41's goal in the open storefront: 100). In `members` mode every
 * page answers `X-Robots-Tag: noindex`, so its SEO score is low on purpose.
 *
 * How: the server starts on the embedded database in a fresh data folder (so the demo catalog and accounts are
 * seeded); Chromium starts headless through chrome-launcher (Lighthouse's own launcher) in a fresh profile.
 * /auth/login is measured first, signed out. Then for each shopper (the unverified one registered through the API,
 * each given one product in the cart) a fresh Chromium starts, playwright-core attaches over CDP just long enough to
 * sign the shopper in through the login page (the app keeps the token in local storage and the session cookie in the
 * jar, both in the profile), and detaches, so it adds no work to the measured pages. The /shop/* pages are guarded,
 * so every result's final URL is checked: a page that ended anywhere else is reported as such. The payment return
 * page is opened without a payment, so it shows its "Payment information is missing" state.
 *
 * Lighthouse runs with its default mobile config (Moto G Power emulation, simulated slow 4G and 4x CPU throttling).
 * Its storage reset stays on: in Lighthouse 12 it clears only file systems, shader cache, service workers, cache
 * storage and the HTTP cache, never local storage or cookies, so the sign-in survives and every run is a cold load.
 * (`disableStorageReset: true` would also keep the HTTP cache, making every run after the first a warm load.)
 *
 * On a shared machine the figures are noisy (simulated throttling scales the CPU work it observes, so a busy machine
 * inflates TBT and LCP); the load average is printed before and after, and the table's CPU index is Lighthouse's own
 * benchmark of the machine during each run (higher is faster; well under 1000 means the figures are pessimistic).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch as launchChrome, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { productUrlParam } from '@emporium/contract';
import { startBuiltServer, stop, waitFor } from './lib.ts';

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3320);
const base = `http://127.0.0.1:${PORT}`;
const OUT = process.env.LIGHTHOUSE_OUT;
/** Only these pages, by name (`LIGHTHOUSE_PAGES=/shop/home,/shop/listing`); all of them when unset. */
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
const wanted = (page: string) => !ONLY || ONLY.includes(page);
/** The storefront mode the server runs in (`LIGHTHOUSE_STOREFRONT=open`, issue 41); `members` by default. */
const STOREFRONT = process.env.LIGHTHOUSE_STOREFRONT === 'open' ? 'open' : 'members';

/** The open storefront's public pages, measured for a visitor (`product` is the product's readable path segment). */
const VISITOR_PAGES = (product: string): Array<[page: string, path: string]> => [
  ['/shop/home', '/shop/home'],
  ['/shop/listing', '/shop/listing'],
  ['/shop/product/:id', `/shop/product/${product}`],
];

/** The shop pages measured, by name, with their address (`product` is a product's id). */
const SHOP_PAGES = (product: string): Array<[page: string, path: string]> => [
  ['/shop/home', '/shop/home'],
  ['/shop/listing', '/shop/listing'],
  ['/shop/product/:id', `/shop/product/${product}`],
  ['/shop/search', '/shop/search'],
  ['/shop/checkout', '/shop/checkout'],
  ['/shop/account', '/shop/account'],
  ['/shop/paypal-return', '/shop/paypal-return'],
  ['/shop/payment-success', '/shop/payment-success'],
];

interface Shopper {
  /** `unverified` (the verification banner shows) or `verified`. */
  kind: 'unverified' | 'verified';
  email: string;
  password: string;
}

/** The demo shopper (README.md, "Demo accounts"; seeded while the server runs on the embedded database). */
const VERIFIED: Shopper = { kind: 'verified', email: 'alice@emporium.test', password: 'Shopper123!' };
const SHOPPERS = (process.env.LIGHTHOUSE_SHOPPERS ?? (STOREFRONT === 'open' ? '' : 'unverified,verified'))
  .split(',')
  .filter((kind): kind is Shopper['kind'] => kind === 'unverified' || kind === 'verified');

interface Figures {
  performance: number;
  /** Scripts downloaded (each costs its response headers besides its body). */
  jsRequests: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  accessibility: number;
  /** Lighthouse's SEO score (0–100). */
  seo: number;
  jsKb: number;
  /** Lighthouse's CPU benchmark of this machine during the run (higher is faster; a quiet desktop is ~1000+). */
  cpuIndex: number;
}

interface PageResult {
  page: string;
  /** Who was signed in: `visitor` (signed out), `unverified` or `verified`. */
  shopper: string;
  figures: Figures;
  /** The run whose audits are listed (the median performance score's). */
  lhr: Result;
  /** Runs that did not end on the requested page (a redirect to the login screen, an error page). */
  strayed: string[];
  /** Attempts that lost the trace and were redone. */
  retried: string[];
}

function numeric(lhr: Result, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

function figuresOf(lhr: Result): Figures {
  const scripts = (
    lhr.audits['resource-summary']?.details as { items?: Array<Record<string, unknown>> } | undefined
  )?.items?.find((item) => item.resourceType === 'script');
  return {
    performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    fcp: numeric(lhr, 'first-contentful-paint'),
    lcp: numeric(lhr, 'largest-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    speedIndex: numeric(lhr, 'speed-index'),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? Number.NaN) * 100),
    seo: Math.round((lhr.categories.seo?.score ?? Number.NaN) * 100),
    jsRequests: Number(scripts?.requestCount ?? Number.NaN),
    jsKb: Number(scripts?.transferSize ?? Number.NaN) / 1000,
    cpuIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function medianFigures(all: Figures[]): Figures {
  const keys = Object.keys(all[0]!) as Array<keyof Figures>;
  return Object.fromEntries(keys.map((k) => [k, median(all.map((f) => f[k]))])) as unknown as Figures;
}

/** Attempts per run: under load Chromium sometimes loses the trace (NO_NAVSTART, NO_FCP); such a run is redone. */
const ATTEMPTS = 3;

async function measure(page: string, shopper: string, url: string, port: number): Promise<PageResult> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'seo'],
  };
  const runs: Result[] = [];
  const strayed: string[] = [];
  const retried: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const result = await lighthouse(url, flags);
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const lhr = result.lhr;
      if (lhr.runtimeError) {
        if (attempt < ATTEMPTS) {
          retried.push(`run ${i + 1}, attempt ${attempt}: ${lhr.runtimeError.code}`);
          continue;
        }
        strayed.push(`run ${i + 1}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      } else if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
        strayed.push(`run ${i + 1}: ended on ${lhr.finalDisplayedUrl}`);
      }
      runs.push(lhr);
      const f = figuresOf(lhr);
      console.error(
        `  ${page} (${shopper}) run ${i + 1}/${RUNS}: performance ${f.performance}, CPU index ${f.cpuIndex}`,
      );
      break;
    }
  }
  const measured = runs.filter((lhr) => !lhr.runtimeError);
  const figures = medianFigures((measured.length > 0 ? measured : runs).map(figuresOf));
  const lhr = [...(measured.length > 0 ? measured : runs)].sort(
    (a, b) => figuresOf(a).performance - figuresOf(b).performance,
  )[Math.floor(((measured.length || runs.length) - 1) / 2)]!;
  if (OUT) {
    mkdirSync(OUT, { recursive: true });
    const file = join(OUT, `${`${page}-${shopper}`.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '')}.json`);
    writeFileSync(file, JSON.stringify(lhr, null, 1));
  }
  return { page, shopper, figures, lhr, strayed, retried };
}

/** Signs `shopper` in through the login page, in the default context, i.e. Lighthouse's profile. */
async function signIn(chrome: LaunchedChrome, shopper: Shopper): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0]!;
    const tab = await context.newPage();
    await tab.goto(`${base}/auth/login`);
    await tab.getByLabel('Email').fill(shopper.email);
    await tab.getByLabel('Password').fill(shopper.password);
    await tab.getByRole('button', { name: 'Log In' }).click();
    await tab.waitForURL('**/shop/home');
    // A string, so it runs in the page (bench has no DOM types).
    const token = await tab.evaluate<string | null>("localStorage.getItem('token')");
    if (!token) throw new Error('signed in, but no token in local storage');
    await tab.close();
  } finally {
    // Over CDP this only disconnects; the browser and its default context stay.
    await browser.close();
  }
}

function ms(value: number): string {
  return Number.isNaN(value) ? '–' : String(Math.round(value));
}

function printTable(rows: PageResult[]): void {
  const what = RUNS > 1 ? `median of ${RUNS} runs` : 'one run';
  console.log(
    `\nLighthouse ${rows[0]?.lhr.lighthouseVersion}, mobile, simulated throttling, ${what}, STOREFRONT_MODE=${STOREFRONT}`,
  );
  console.log(
    '| page | shopper | perf | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms | a11y | SEO | JS KB transferred | ' +
      'JS requests | CPU index |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const { page, shopper, figures: f } of rows) {
    console.log(
      `| ${page} | ${shopper} | ${f.performance} | ${ms(f.fcp)} | ${ms(f.lcp)} | ${ms(f.tbt)} | ` +
        `${f.cls.toFixed(3)} | ${ms(f.speedIndex)} | ${f.accessibility} | ${f.seo} | ${f.jsKb.toFixed(1)} | ` +
        `${f.jsRequests} | ${f.cpuIndex} |`,
    );
  }
}

interface Finding {
  id: string;
  title: string;
  /** The biggest estimated saving on a timing metric (FCP, LCP, TBT), ms. */
  ms: number;
  what: string;
}

/**
 * Performance audits that promise savings, biggest first. The "hidden" group (Lighthouse 12's insights, which
 * repeat the legacy audits) and the LCP element (printed on its own) are left out.
 */
function opportunities(lhr: Result): Finding[] {
  return (lhr.categories.performance?.auditRefs ?? [])
    .filter((ref) => ref.group !== 'hidden' && ref.group !== 'metrics')
    .map((ref) => lhr.audits[ref.id]!)
    .filter((audit) => audit.id !== 'largest-contentful-paint-element')
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => {
      const savings = Object.entries(audit.metricSavings ?? {}).filter(
        ([metric, v]) => metric !== 'CLS' && v,
      );
      const ms = Math.max(0, ...savings.map(([, v]) => v ?? 0));
      const what = [...savings.map(([metric, v]) => `${metric} -${v} ms`), audit.displayValue ?? ''];
      return { id: audit.id, title: audit.title, ms, what: what.filter(Boolean).join(', ') };
    })
    .filter((f) => f.ms > 0 || /\d\s*[KM]iB/.test(f.what))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3);
}

interface Table {
  items?: Array<Record<string, unknown>>;
}

/** The LCP element and where its time went (TTFB, load delay, load time, render delay). */
function lcpElement(lhr: Result): string {
  const tables = (lhr.audits['largest-contentful-paint-element']?.details as { items?: Table[] } | undefined)
    ?.items;
  const node = tables?.[0]?.items?.[0]?.node as { nodeLabel?: string; selector?: string } | undefined;
  if (!node) return 'none found';
  const phases = (tables?.[1]?.items ?? [])
    .map((p) => `${String(p.phase)} ${ms(Number(p.timing))}`)
    .join(', ');
  return `${node.selector} "${node.nodeLabel?.slice(0, 40)}"; ${phases} ms`;
}

function printFindings(rows: PageResult[]): void {
  for (const { page, shopper, lhr, strayed, retried } of rows) {
    console.log(`\n${page}, ${shopper} (${lhr.finalDisplayedUrl})`);
    for (const s of strayed) console.log(`  NOT MEASURED AS ASKED: ${s}`);
    if (retried.length > 0) console.log(`  redone: ${retried.join('; ')}`);
    for (const warning of lhr.runWarnings) console.log(`  warning: ${String(warning).slice(0, 160)}`);
    const failing = (lhr.categories.accessibility?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 1);
    console.log(`  failing accessibility audits: ${failing.length === 0 ? 'none' : ''}`);
    for (const audit of failing) {
      const items = (audit.details as Table | undefined)?.items ?? [];
      const first = (items[0]?.node as { selector?: string } | undefined)?.selector ?? '';
      console.log(`    ${audit.id}: ${audit.title} (${items.length}: ${first})`);
    }
    const seoFailing = (lhr.categories.seo?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 1);
    console.log(`  failing SEO audits: ${seoFailing.length === 0 ? 'none' : ''}`);
    for (const audit of seoFailing) console.log(`    ${audit.id}: ${audit.title}`);
    console.log(`  LCP element: ${lcpElement(lhr)}`);
    const top = opportunities(lhr);
    console.log(`  top performance opportunities: ${top.length === 0 ? 'none' : ''}`);
    for (const f of top) console.log(`    ${f.id}: ${f.title} (${f.what})`);
  }
}

function load(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
}

/** Registers a shopper who has not verified their e-mail address (the shop shows them the verification banner). */
async function unverifiedShopper(): Promise<Shopper> {
  const shopper: Shopper = {
    kind: 'unverified',
    email: `lighthouse-${Date.now()}@example.test`,
    password: 'a lighthouse password',
  };
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'Lena Lighthouse', email: shopper.email, password: shopper.password }),
  });
  if (res.status !== 201) throw new Error(`could not register the unverified shopper: ${res.status}`);
  return shopper;
}

/** Puts one unit of `productId` in `shopper`'s cart (once), so that the checkout shows a line and its prices. */
async function fillCart(shopper: Shopper, productId: string): Promise<void> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: shopper.email, password: shopper.password }),
  });
  const { token, user } = (await login.json()) as { token: string; user: { userId: string } };
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const cart = (await (await fetch(`${base}/api/shop/cart/get/${user.userId}`, { headers })).json()) as {
    data: { items: unknown[] };
  };
  if (cart.data.items.length > 0) return;
  const res = await fetch(`${base}/api/shop/cart/add/${user.userId}/${productId}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ quantity: 1 }),
  });
  if (!res.ok) throw new Error(`could not fill the cart: ${res.status}`);
}

async function launch(): Promise<LaunchedChrome> {
  return launchChrome({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'],
    logLevel: 'silent',
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'emporium-lighthouse-'));
const server = startBuiltServer(PORT, dataDir, {
  AUTH_RATE_LIMIT_MAX: '100000000',
  STOREFRONT_MODE: STOREFRONT,
});
let chrome: LaunchedChrome | undefined;
try {
  await waitFor(`${base}/api/health`);
  const products = (await (await fetch(`${base}/api/shop/products/get`)).json()) as {
    data: Array<{ _id: string; title: string; totalStock: number }>;
  };
  const productId = products.data[0]?._id;
  const inStock = products.data.find((p) => p.totalStock > 0)?._id;
  if (!productId || !inStock) throw new Error('the catalog is empty');

  console.log(`load average before (1, 5, 15 min): ${load()} on ${CHROMIUM_PATH}`);
  const rows: PageResult[] = [];
  if (wanted('/auth/login')) {
    chrome = await launch();
    rows.push(await measure('/auth/login', 'visitor', `${base}/auth/login`, chrome.port));
    chrome.kill();
    chrome = undefined;
  }
  const visitorPages = STOREFRONT === 'open' ? VISITOR_PAGES(productUrlParam(products.data[0]!)) : [];
  if (visitorPages.some(([page]) => wanted(page))) {
    // Anonymous cold loads: a fresh profile that never signed in.
    chrome = await launch();
    for (const [page, path] of visitorPages.filter(([name]) => wanted(name))) {
      rows.push(await measure(page, 'visitor', `${base}${path}`, chrome.port));
    }
    chrome.kill();
    chrome = undefined;
  }
  const shopPages = SHOP_PAGES(productId).filter(([page]) => wanted(page));
  for (const kind of shopPages.length > 0 ? SHOPPERS : []) {
    const shopper = kind === 'verified' ? VERIFIED : await unverifiedShopper();
    await fillCart(shopper, inStock);
    // A fresh profile per shopper: Lighthouse's runs keep its local storage and cookies, i.e. the sign-in.
    chrome = await launch();
    await signIn(chrome, shopper);
    for (const [page, path] of shopPages) rows.push(await measure(page, kind, `${base}${path}`, chrome.port));
    chrome.kill();
    chrome = undefined;
  }
  printTable(rows);
  console.log(`load average after (1, 5, 15 min): ${load()}`);
  printFindings(rows);
} catch (error) {
  console.error(error);
} finally {
  chrome?.kill();
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
