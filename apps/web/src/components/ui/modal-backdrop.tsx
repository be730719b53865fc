import { useEffect } from 'react';
import { cn } from '@/lib/cn';

/** Dialogs and sheets open now (one can open over another). */
let openLayers = 0;

/**
 * Keeps the page behind open dialogs and sheets still and out of reach, at the cost of restyling one element, not the
 * whole page (issue 29). Radix's own way, its Overlay's scroll lock (react-remove-scroll puts a style sheet and an
 * inherited custom property on <body>) and the content's `pointer-events: none` on <body>, makes the browser restyle
 * every element of the page when a dialog opens and again when it closes: about 100 ms each at 4x CPU throttling on
 * the listing, in the tap's frame. Here the root element stops scrolling (`overflow: hidden`; index.css keeps the
 * scrollbar's gutter, so nothing moves), and #root keeps `pointer-events: auto`, so Radix's `none` on <body> restyles
 * <body> and its direct children only; the backdrop covers #root, so the page still gets no pointer events.
 *
 * It must render inside the Radix Content, below its DismissableLayer: effects run child first on mount (so #root
 * holds `auto` before <body> gets `none`) and parent first on unmount (so <body> is back to `auto` before #root lets
 * go), and neither step restyles the page.
 */
export function PageLock() {
  useEffect(() => {
    const html = document.documentElement;
    const root = document.getElementById('root');
    if (openLayers++ === 0) {
      html.style.overflow = 'hidden';
      root?.style.setProperty('pointer-events', 'auto');
    }
    return () => {
      if (--openLayers > 0) return;
      html.style.removeProperty('overflow');
      root?.style.removeProperty('pointer-events');
    };
  }, []);
  return null;
}

/**
 * The dimmed backdrop of a dialog or sheet, in place of Radix's Overlay (see PageLock). A press on it is outside
 * the content, so it closes the dialog as Radix's Overlay did.
 */
export function Backdrop({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('pointer-events-auto fixed inset-0 z-50', className)} />;
}
