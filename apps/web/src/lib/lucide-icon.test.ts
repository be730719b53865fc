import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ShoppingCart, Star, UserRound, X } from 'lucide-react';
import createLucideIcon, { type LucideIconData, type LucideIconProps } from './lucide-icon';

/** The package's own icon data (`__iconData`), which its d.ts does not declare. */
async function iconData(name: string): Promise<LucideIconData> {
  const module = (await import(`lucide-react/dist/esm/icons/${name}.mjs`)) as { __iconData: LucideIconData };
  return module.__iconData;
}

const markup = (icon: ComponentType<LucideIconProps>, props: LucideIconProps) =>
  renderToStaticMarkup(createElement(icon, props));

describe('createLucideIcon (the app build’s Lucide icon factory)', () => {
  it.each([
    ['star', Star, {}],
    ['star', Star, { className: 'h-4 w-4 fill-amber-400', 'aria-hidden': 'true' as const }],
    ['x', X, { className: 'h-3 w-3', strokeWidth: 3 }],
    ['shopping-cart', ShoppingCart, { 'aria-label': 'Cart', role: 'img' }],
    // An icon with an alias gets both class names.
    ['user-round', UserRound, { size: 16, color: 'red' }],
  ])('draws %s as the package does (%#)', async (name, packaged, props) => {
    const ours = createLucideIcon(await iconData(name));
    expect(markup(ours, props)).toBe(markup(packaged as ComponentType<LucideIconProps>, props));
  });
});
