import { useEffect } from 'react';
import { afterNextPaint } from '@/lib/after-next-paint';
import { cn } from '@/lib/cn';

/** Dialogs and sheets open now (one can open over another). */
let openLayers = 0;

/**
 * Keeps the page behind open dialogs and sheets out of reach, at the cost of restyling one element, not the whole
 * page (issue 29). Radix's own way, its Overlay's scroll lock (react-remove-scroll puts a style sheet and an inherited
 * custom property on <body>) and the content's `pointer-events: none` on <body>, makes the browser restyle every
 * element of the page when a dialog opens and again when it closes: about 100 ms each at 4x CPU throttling on the
 * listing, in the tap's frame. Here #root keeps `pointer-events: auto`, so Radix's `none` on <body> restyles <body>
 * and its direct children only; the backdrop covers #root, so the page still gets no pointer events. The page is kept
 * from scrolling by ModalContent's scroll lock, not by an overflow on the root element, which lays out and re-paints the
 * whole page.
 *
 * It must render inside the Radix Content, below its DismissableLayer: effects run child first on mount (so #root
 * holds `auto` before <body> gets `none`) and parent first on unmount (so <body> is back to `auto` before #root lets
 * go), and neither step restyles the page.
 */
export function PageLock() {
  useEffect(() => {
    const root = document.getElementById('root');
    if (openLayers++ === 0) root?.style.setProperty('pointer-events', 'auto');
    return () => {
      if (--openLayers > 0) return;
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

/** Elements Radix's focus scope would consider, in document order: focusable by Tab, not disabled or hidden. */
function tabbableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('*')].filter(
    (el) =>
      el.tabIndex >= 0 &&
      !(el as HTMLButtonElement).disabled &&
      !el.hidden &&
      !(el instanceof HTMLInputElement && el.type === 'hidden'),
  );
}

/**
 * The `onOpenAutoFocus` of dialogs and sheets, around the caller's own (`then`, which runs first and may prevent it):
 * focus moves into the content once its first frame is painted, not inside the tap's frame (issue 29). Radix moves it
 * while the content mounts, and focusing forces the browser to bring the whole page's style and layout up to date
 * there and then (about 40 ms at 4x CPU throttling on the listing, after the style update Radix's Presence has just
 * forced). The element is Radix's choice: the first tabbable one that takes focus, links aside (an input's text
 * selected), else the content itself; nothing moves if focus is already inside (a click there first) or the content
 * has gone.
 */
export function focusAfterPaint(then?: (event: Event) => void): (event: Event) => void {
  return (event) => {
    then?.(event);
    const content = event.currentTarget;
    if (event.defaultPrevented || !(content instanceof HTMLElement)) return;
    event.preventDefault();
    afterNextPaint(() => {
      if (!content.isConnected || content.contains(document.activeElement)) return;
      const before = document.activeElement;
      for (const el of tabbableIn(content)) {
        if (el.tagName === 'A') continue;
        el.focus({ preventScroll: true });
        if (document.activeElement !== before) {
          if (el instanceof HTMLInputElement) el.select();
          return;
        }
      }
      content.focus({ preventScroll: true });
    });
  };
}
