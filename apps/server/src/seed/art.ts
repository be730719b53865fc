/**
 * Product and banner art drawn as SVG and rendered locally with sharp to WebP (nothing is downloaded).
 * Each product gets a brand-coloured gradient, the icon of its kind (icons.ts: what the product is) and its name.
 */
import sharp from 'sharp';
import type { Kind } from './catalog-data.ts';
import { KIND_ICONS } from './icons.ts';

/** Output widths of every product image; the API points at the largest, the web may use the others. */
export const PRODUCT_IMAGE_WIDTHS = [400, 800] as const;

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** A stable hue (0–359) for a string. */
function hue(s: string): number {
  let h = 0;
  for (const ch of s) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

/** Splits a title into at most three lines of about `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  return lines.length > 3
    ? [
        ...lines.slice(0, 2),
        lines
          .slice(2)
          .join(' ')
          .slice(0, width - 1) + '…',
      ]
    : lines;
}

/** A colour a demo variant comes in (seed/variants.ts): its name and the fill its picture uses. */
export interface ArtColour {
  name: string;
  hex: string;
}

/**
 * Fill shapes for kinds whose outline leaves part of the garment open (the dress's bodice is two straps), so a
 * colour variant's picture is coloured where the garment is.
 */
const FILL_EXTRA: Partial<Record<Kind, string>> = {
  dress: '<path d="M9 6c1.5 1.5 4.5 1.5 6 0l-1 4h-4z"/>',
};

/**
 * SVG source of a product picture, 800×800. Without `colour`: a brand-coloured gradient with the kind's icon in white
 * outline. With `colour` (issue 28, a colour variant's picture): a light backdrop in the brand's hue and the icon
 * filled with the colour under a dark outline (the fill drawn first, so no shape hides another's lines), and the
 * colour's name under the title.
 */
export function productSvg(p: { title: string; brand: string; kind: Kind }, colour?: ArtColour): string {
  const h = hue(p.brand);
  const h2 = (h + 40) % 360;
  const name = p.title.startsWith(p.brand) ? p.title.slice(p.brand.length).trim() : p.title;
  const titleLines = wrap(name, 24);
  const lines = titleLines
    .map((l, i) => `<tspan x="400" dy="${i === 0 ? 0 : 44}">${escapeXml(l)}</tspan>`)
    .join('');
  const ink = colour ? `hsl(${h},45%,22%)` : '#fff';
  const background = colour
    ? `<stop offset="0" stop-color="hsl(${h},35%,95%)"/><stop offset="1" stop-color="hsl(${h2},30%,82%)"/>`
    : `<stop offset="0" stop-color="hsl(${h},62%,58%)"/><stop offset="1" stop-color="hsl(${h2},58%,34%)"/>`;
  const icon = KIND_ICONS[p.kind];
  const drawing = colour
    ? `<g fill="${colour.hex}" stroke="none">${icon}${FILL_EXTRA[p.kind] ?? ''}</g>` +
      `<g fill="none" stroke="#1f2328">${icon}</g>`
    : icon;
  const colourName = colour
    ? `<text x="400" y="${600 + titleLines.length * 44 + 20}" text-anchor="middle" font-family="Liberation Sans, Arial, sans-serif" font-size="30" fill="${ink}" fill-opacity=".8">${escapeXml(colour.name)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    ${background}
  </linearGradient></defs>
  <rect width="800" height="800" fill="url(#g)"/>
  <circle cx="650" cy="140" r="210" fill="#fff" fill-opacity=".08"/>
  <circle cx="120" cy="700" r="160" fill="#000" fill-opacity=".07"/>
  <circle cx="400" cy="320" r="200" fill="#fff" fill-opacity="${colour ? '.5' : '.14'}"/>
  <g transform="translate(256 176) scale(12)" color="${colour ? '#1f2328' : '#fff'}" fill="none" stroke="${colour ? '#1f2328' : '#fff'}" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round">${drawing}</g>
  <text x="400" y="90" text-anchor="middle" font-family="Liberation Sans, Arial, sans-serif" font-size="40" font-weight="700" letter-spacing="4" fill="${ink}">${escapeXml(p.brand.toUpperCase())}</text>
  <text x="400" y="600" text-anchor="middle" font-family="Liberation Sans, Arial, sans-serif" font-size="38" font-weight="600" fill="${ink}">${lines}</text>${colourName}
</svg>`;
}

/**
 * Renders an SVG to WebP at each width (px; the height follows the SVG's aspect ratio), as uploads are stored
 * (modules/uploads/image-processing.ts), so a phone loads the small one from a srcset; returns [width, bytes] pairs.
 */
export async function renderWidths(svg: string, widths: readonly number[]): Promise<[number, Buffer][]> {
  const base = sharp(Buffer.from(svg));
  return Promise.all(
    widths.map(async (w): Promise<[number, Buffer]> => [
      w,
      await base.clone().resize({ width: w }).webp({ quality: 82 }).toBuffer(),
    ]),
  );
}

/**
 * Hero banners (1600×900): headline, subline (one or two lines), colours. Text stays in the centre, which survives
 * cropping. A phone shows the whole banner about 360 px wide (0.225 of its size): the subline's 56 px are 12.6 px
 * there (issue 28: at 38 px it was 8.6 px, too small to read), and each of its lines stays within 1,400 px.
 */
export const BANNERS = [
  { headline: 'New season, new favourites', sub: ['Fresh arrivals from Nike, Adidas and Zara'], h: 18 },
  {
    headline: 'Up to 30% off electronics',
    sub: ['Headphones, TVs and laptops', 'from Sony, Samsung and Apple'],
    h: 220,
  },
  { headline: 'Make your kitchen shine', sub: ['KitchenAid, Bosch and Whirlpool essentials'], h: 150 },
];

export function bannerSvg(b: { headline: string; sub: readonly string[]; h: number }): string {
  // The block (bar, headline, sublines) is centred on the banner (y ≈ 450) whatever the number of sublines.
  const top = 335 - (b.sub.length - 1) * 34;
  const sublines = b.sub
    .map(
      (line, i) =>
        `<text x="800" y="${top + 215 + i * 68}" text-anchor="middle" font-family="Liberation Sans, Arial, sans-serif" font-size="56" fill="#fff" fill-opacity=".92">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${b.h},70%,45%)"/><stop offset="1" stop-color="hsl(${(b.h + 50) % 360},65%,22%)"/>
  </linearGradient></defs>
  <rect width="1600" height="900" fill="url(#g)"/>
  <circle cx="1300" cy="220" r="380" fill="#fff" fill-opacity=".08"/>
  <circle cx="1450" cy="760" r="260" fill="#fff" fill-opacity=".06"/>
  <rect x="740" y="${top}" width="120" height="10" rx="5" fill="#fff" fill-opacity=".8"/>
  <text x="800" y="${top + 120}" text-anchor="middle" font-family="Liberation Sans, Arial, sans-serif" font-size="84" font-weight="700" fill="#fff">${escapeXml(b.headline)}</text>
  ${sublines}
</svg>`;
}
