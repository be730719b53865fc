/**
 * The icon factory the Lucide icons are built with: apps/web/vite.config.ts has `lucide-react`'s icon modules import
 * this instead of the package's own `createLucideIcon`. It renders the same `<svg>` (lucide-icon.test.ts compares
 * the markup), for what the app passes: `className`, `size`, `color`, `strokeWidth` and any SVG or ARIA attribute;
 * without an ARIA attribute, a `role` or a `title` the icon is `aria-hidden`. What it leaves out is the package's
 * context provider (LucideProvider, unused here) and its string-named icons; that is about 0.8 kB brotli less on
 * every page (issue 46: first-load budget).
 */
import { createElement, forwardRef, type ReactNode, type SVGProps } from 'react';

/** An element of an icon's drawing: tag, attributes and, rarely, children. */
export type LucideIconNode = Array<
  [tag: string, attributes: Record<string, string>, children?: LucideIconNode]
>;

/** An icon's drawing as the package's icon modules export it (`__iconData`). */
export interface LucideIconData {
  name: string;
  size?: number;
  node: LucideIconNode;
  aliases?: string[];
}

export interface LucideIconProps extends SVGProps<SVGSVGElement> {
  size?: string | number;
  children?: ReactNode;
}

function elements(node: LucideIconNode): ReactNode[] {
  return node.map(([tag, attributes, children]) =>
    createElement(tag, attributes, ...(children ? elements(children) : [])),
  );
}

/** The component for one icon (the default export, as the package's factory is). */
export default function createLucideIcon(icon: LucideIconData) {
  const box = icon.size ?? 24;
  const classes = [
    'lucide',
    `lucide-${icon.name}`,
    ...(icon.aliases ?? []).map((alias) => `lucide-${alias}`),
  ];
  return forwardRef<SVGSVGElement, LucideIconProps>(function LucideIcon(
    { className, size, color, strokeWidth, children, ...attributes },
    ref,
  ) {
    const labelled =
      children != null ||
      Object.entries(attributes).some(
        ([name, value]) => value != null && (name.startsWith('aria-') || name === 'role' || name === 'title'),
      );
    return createElement(
      'svg',
      {
        ref,
        xmlns: 'http://www.w3.org/2000/svg',
        width: size ?? 24,
        height: size ?? 24,
        viewBox: `0 0 ${box} ${box}`,
        fill: 'none',
        stroke: color || 'currentColor',
        strokeWidth: strokeWidth ?? 2,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: [...classes, ...(className?.split(' ').filter(Boolean) ?? [])].join(' '),
        ...(labelled ? {} : { 'aria-hidden': 'true' }),
        ...attributes,
      },
      ...elements(icon.node),
      children,
    );
  });
}
