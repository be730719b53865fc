/**
 * One icon per product kind, drawn into the product art (art.ts). Icons are 24×24 stroke drawings (no fill, round caps
 * and joins, stroke width 2): Lucide's (lucide-static, ISC licence) wherever Lucide has the object, and for the kinds
 * it lacks, two icons from a newer Lucide release (earbuds, jacket; ISC) and the rest drawn here on the same grid and in
 * the same style.
 */
import {
  Baby,
  Backpack,
  BedDouble,
  Blender,
  Bubbles,
  Camera,
  Coffee,
  CookingPot,
  Drill,
  Droplets,
  Dumbbell,
  Gamepad2,
  Glasses,
  GlassWater,
  Handbag,
  HardDrive,
  Headphones,
  Keyboard,
  Laptop,
  Lightbulb,
  Microwave,
  Monitor,
  Palette,
  PerfumeBottle,
  Pipette,
  Refrigerator,
  RobotVacuum,
  RugbyBall,
  Ruler,
  Shirt,
  Slice,
  Smartphone,
  Snowflake,
  SoapDispenserDroplet,
  Speaker,
  SportShoe,
  SprayCan,
  Sun,
  Tablet,
  TubeLotion,
  Tv,
  Volleyball,
  Wallet,
  WashingMachine,
  Watch,
  AirVent,
} from 'lucide-static';
import type { Kind } from './catalog-data.ts';

/** The drawing inside a Lucide SVG string (its elements, without the `<svg>` wrapper and licence comment). */
export function lucideInner(svg: string): string {
  return svg
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Icons of Lucide 1.75 (ISC licence) that lucide-static 1.62 does not ship yet. */
const LUCIDE_175 = {
  earbuds:
    '<path d="M18 3a4 4 90 00-4 4v12a2 2 90 004 0v-8a5 5 90 003.75-1.693 1 1 90 00.25-.661V5.354a1 1 90 00-.25-.661A5 5 90 0018 3"/><path d="M6 3a4 4 0 014 4v12a2 2 0 01-4 0v-8a5 5 0 01-3.75-1.693A1 1 0 012 8.646V5.354a1 1 0 01.25-.661A5 5 0 016 3"/>',
  jacket:
    '<path d="M11 2a3 3 0 00-3 3c0 2.6 4 4.4 4 7 0-2.6 4-4.4 4-7a3 3 0 00-3-3"/><path d="M12 12v10"/><path d="M18 10v10a2 2 0 01-2 2H8a2 2 0 01-2-2V10"/><path d="M18 17h-2"/><path d="M18 20h3a1 1 0 001-1V9a7 7 0 00-7-7H9a7 7 0 00-7 7v10a1 1 0 001 1h3"/><path d="M6 17h2"/>',
};

/** Kinds Lucide has no icon for, drawn on Lucide's 24 px grid with its stroke conventions. */
const DRAWN = {
  dress:
    '<path d="M9 2v4l1 4"/><path d="M15 2v4l-1 4"/><path d="M9 6c1.5 1.5 4.5 1.5 6 0"/><path d="M10 10h4"/><path d="M10 10 5.2 20.2a1 1 0 0 0 .9 1.4h11.8a1 1 0 0 0 .9-1.4L14 10"/>',
  lipstick:
    '<rect x="7" y="14" width="10" height="8" rx="1"/><path d="M8.5 14v-4h7v4"/><path d="M9.5 10V5.5L14.5 2v8"/>',
  'tennis-racket':
    '<g transform="rotate(45 12 12)"><ellipse cx="12" cy="7.5" rx="6.5" ry="7.5"/><path d="M9.5 1v13" stroke-width="1.25"/><path d="M14.5 1v13" stroke-width="1.25"/><path d="M5.5 4.5h13" stroke-width="1.25"/><path d="M5.5 9.5h13" stroke-width="1.25"/><path d="M12 15v2"/><rect x="10.5" y="17" width="3" height="6.5" rx="1"/></g>',
  basketball:
    '<circle cx="12" cy="12" r="10"/><path d="M12 2v20"/><path d="M2 12h20"/><path d="M5.6 4.3C8 6.5 9 9 9 12s-1 5.5-3.4 7.7"/><path d="M18.4 4.3C16 6.5 15 9 15 12s1 5.5 3.4 7.7"/>',
  'tennis-balls':
    '<circle cx="12" cy="12" r="10"/><path d="M5.6 4.3a10 10 0 0 1 0 15.4"/><path d="M18.4 4.3a10 10 0 0 0 0 15.4"/>',
  'soccer-ball':
    '<circle cx="12" cy="12" r="10"/><path d="m12 7.5 4.3 3.1-1.6 5H9.3l-1.6-5z"/><path d="M12 7.5V2"/><path d="m16.3 10.6 5.4-1.8"/><path d="m14.7 15.6 3.3 4.4"/><path d="m9.3 15.6-3.3 4.4"/><path d="M7.7 10.6 2.3 8.8"/>',
  'basketball-hoop':
    '<rect x="2" y="2" width="20" height="12" rx="2"/><path d="M9 14v-4h6v4"/><path d="M6.5 14h11"/><path d="m7.5 14 2 8"/><path d="m16.5 14-2 8"/><path d="M9.5 22h5"/><path d="M8.3 17.5h7.4"/>',
  'duffel-bag':
    '<path d="M3 11a4 4 0 0 1 4-4h10a4 4 0 0 1 4 4v8a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z"/><path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2"/><path d="M7 11h10"/><path d="M7 7v13"/><path d="M17 7v13"/>',
  trousers: '<path d="M6 2h12l1 20h-5l-2-12-2 12H5z"/><path d="M6 6h12"/>',
  sweater:
    '<path d="M8 2 4.5 3.5A2 2 0 0 0 3.3 5L2 17h3.5L6 10v11h12V10l.5 7H22L20.7 5a2 2 0 0 0-1.2-1.5L16 2a4 4 0 0 1-8 0Z"/><path d="M6 18h12"/>',
  range:
    '<rect x="3" y="2" width="18" height="20" rx="2"/><path d="M3 10h18"/><circle cx="8.5" cy="6" r="2"/><circle cx="15.5" cy="6" r="2"/><rect x="7" y="13" width="10" height="6" rx="1"/>',
  dishwasher:
    '<rect x="3" y="2" width="18" height="20" rx="2"/><path d="M3 7h18"/><path d="M6.5 4.5h.01"/><path d="M9.5 4.5h.01"/><path d="M9 10h6"/><path d="M12 13.5c-1 1.3-1.5 2.2-1.5 3a1.5 1.5 0 0 0 3 0c0-.8-.5-1.7-1.5-3z"/>',
  'stand-mixer':
    '<path d="M6 9V6a3 3 0 0 1 3-3h8a4 4 0 0 1 4 4 3 3 0 0 1-3 3H7a1 1 0 0 1-1-1z"/><path d="M10 10v3"/><path d="M5 13h10l-1 5a2 2 0 0 1-2 1.6H8A2 2 0 0 1 6 18z"/><path d="M18 10v12"/><path d="M3 22h17"/><path d="M10 19.6V22"/>',
  toaster:
    '<path d="M5 8V5a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3"/><path d="M12 8V5a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3"/><rect x="2" y="8" width="20" height="13" rx="4"/><path d="M18 12v4"/><path d="M6 16h7"/>',
  kettle:
    '<path d="M6 9h10l1.5 11a1 1 0 0 1-1 1.2H5.5a1 1 0 0 1-1-1.2z"/><path d="M6 11 3 8"/><path d="M16.3 10H18a3 3 0 0 1 3 3v2a3 3 0 0 1-3 3h-1"/><path d="M8 9a3 3 0 0 1 6 0"/><path d="M11 6V4.5"/>',
  mascara:
    '<rect x="14" y="6" width="6" height="16" rx="2"/><path d="M14 10h6"/><rect x="4" y="2" width="5" height="8" rx="1"/><path d="M6.5 10v4"/><path d="M5 14h3v6.5a1.5 1.5 0 0 1-3 0z"/><path d="M4 16.5h5"/><path d="M4 19h5"/>',
  'hair-care':
    '<rect x="9" y="2" width="6" height="4" rx="1"/><path d="M10 6v1.5"/><path d="M14 6v1.5"/><path d="M7 11a3.5 3.5 0 0 1 3-3.5h4a3.5 3.5 0 0 1 3 3.5v9a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2z"/><path d="M7 14c2-1 3-1 5 0s3 1 5 0"/>',
  foundation:
    '<rect x="9" y="2" width="6" height="5" rx="1"/><rect x="5" y="7" width="14" height="15" rx="2"/><path d="M5 13h14"/>',
  'golf-balls':
    '<circle cx="12" cy="9" r="7"/><path d="M10 16l1 5h2l1-5"/><path d="M9 7h.01"/><path d="M12 6h.01"/><path d="M15 7h.01"/><path d="M10.5 10h.01"/><path d="M13.5 10h.01"/>',
  'face-cream':
    '<path d="M9 7a3 3 0 0 1 6 0"/><rect x="3" y="7" width="18" height="5" rx="1"/><path d="M4 12v6a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3v-6"/>',
};

/** The icon of each product kind: SVG elements in a 24×24 box, stroked with `currentColor`. */
export const KIND_ICONS: Record<Kind, string> = {
  phone: lucideInner(Smartphone),
  laptop: lucideInner(Laptop),
  tablet: lucideInner(Tablet),
  smartwatch: lucideInner(Watch),
  earbuds: LUCIDE_175.earbuds,
  headphones: lucideInner(Headphones),
  speaker: lucideInner(Speaker),
  tv: lucideInner(Tv),
  monitor: lucideInner(Monitor),
  'game-console': lucideInner(Gamepad2),
  camera: lucideInner(Camera),
  'portable-ssd': lucideInner(HardDrive),
  keyboard: lucideInner(Keyboard),
  fridge: lucideInner(Refrigerator),
  washer: lucideInner(WashingMachine),
  dishwasher: DRAWN.dishwasher,
  range: DRAWN.range,
  microwave: lucideInner(Microwave),
  'robot-vacuum': lucideInner(RobotVacuum),
  'stand-mixer': DRAWN['stand-mixer'],
  blender: lucideInner(Blender),
  'coffee-maker': lucideInner(Coffee),
  cookware: lucideInner(CookingPot),
  'knife-set': lucideInner(Slice),
  toaster: DRAWN.toaster,
  kettle: DRAWN.kettle,
  'ice-maker': lucideInner(Snowflake),
  'water-dispenser': lucideInner(GlassWater),
  'air-conditioner': lucideInner(AirVent),
  'smart-bulb': lucideInner(Lightbulb),
  drill: lucideInner(Drill),
  'laser-measure': lucideInner(Ruler),
  bedding: lucideInner(BedDouble),
  serum: lucideInner(Pipette),
  'face-cream': DRAWN['face-cream'],
  mascara: DRAWN.mascara,
  lipstick: DRAWN.lipstick,
  foundation: DRAWN.foundation,
  eyeshadow: lucideInner(Palette),
  'hair-care': DRAWN['hair-care'],
  'body-wash': lucideInner(SoapDispenserDroplet),
  'soap-bar': lucideInner(Bubbles),
  'body-lotion': lucideInner(TubeLotion),
  deodorant: lucideInner(SprayCan),
  sunscreen: lucideInner(Sun),
  'cleansing-water': lucideInner(Droplets),
  perfume: lucideInner(PerfumeBottle),
  'baby-care': lucideInner(Baby),
  't-shirt': lucideInner(Shirt),
  sweater: DRAWN.sweater,
  jacket: LUCIDE_175.jacket,
  trousers: DRAWN.trousers,
  dress: DRAWN.dress,
  handbag: lucideInner(Handbag),
  wallet: lucideInner(Wallet),
  sunglasses: lucideInner(Glasses),
  sneaker: lucideInner(SportShoe),
  'duffel-bag': DRAWN['duffel-bag'],
  backpack: lucideInner(Backpack),
  dumbbells: lucideInner(Dumbbell),
  basketball: DRAWN.basketball,
  'basketball-hoop': DRAWN['basketball-hoop'],
  football: lucideInner(RugbyBall),
  'soccer-ball': DRAWN['soccer-ball'],
  volleyball: lucideInner(Volleyball),
  'tennis-racket': DRAWN['tennis-racket'],
  'tennis-balls': DRAWN['tennis-balls'],
  'golf-balls': DRAWN['golf-balls'],
};
