/**
 * Menus and sheets whose code (Radix and what they show) downloads on first use, so that a page's initial
 * JavaScript holds only their trigger buttons (issue 13). Until the first open the trigger is a stand-in: the same
 * button with the closed state's ARIA attributes. Pointing at or focusing it starts the download; pressing it
 * waits for the download and opens the popup, which from then on renders its own trigger in the stand-in's place.
 */
import {
  useCallback,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

/** The stand-in trigger's props: closed state, download on intent, open on press. */
export type StandInProps = ButtonHTMLAttributes<HTMLButtonElement> & { 'data-state': 'closed' };

export interface DeferredPopupState {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** True once the popup's code has arrived after a first open; the popup then stays rendered. */
  loaded: boolean;
  /**
   * Whether that first open came from the keyboard. The popup's own trigger was not there to see the key, so a
   * menu uses this to put focus on its first item as Radix does for a keyboard open.
   */
  openedByKeyboard: boolean;
  standInProps: StandInProps;
}

/**
 * Open state of a popup loaded by `preload`. `kind` is its `aria-haspopup`; a menu also opens on ArrowDown, as
 * Radix's menu trigger does. A failed download leaves the stand-in closed, and the next press tries again.
 */
export function useDeferredPopup(
  kind: 'menu' | 'dialog',
  preload: () => Promise<unknown>,
): DeferredPopupState {
  const [open, setOpenState] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [openedByKeyboard, setOpenedByKeyboard] = useState(false);

  const load = useCallback(
    (byKeyboard: boolean) => {
      preload().then(
        () => {
          setOpenedByKeyboard(byKeyboard);
          setLoaded(true);
          setOpenState(true);
        },
        () => undefined,
      );
    },
    [preload],
  );
  const setOpen = useCallback(
    (next: boolean) => {
      if (!next || loaded) setOpenState(next);
      else load(false);
    },
    [load, loaded],
  );

  const warm = () => {
    preload().catch(() => undefined);
  };
  const standInProps: StandInProps = {
    type: 'button',
    'aria-haspopup': kind,
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: warm,
    onFocus: warm,
    // Enter and Space on a button click it with `detail` 0.
    onClick: (event: MouseEvent<HTMLButtonElement>) => load(event.detail === 0),
    onKeyDown:
      kind === 'menu'
        ? (event: KeyboardEvent<HTMLButtonElement>) => {
            if (event.key !== 'ArrowDown') return;
            event.preventDefault();
            load(true);
          }
        : undefined,
  };
  return { open, setOpen, loaded, openedByKeyboard, standInProps };
}

/** Renders `standIn` until the popup has loaded, then `children` (the popup with its own trigger). */
export function DeferredPopup({
  loaded,
  standIn,
  children,
}: {
  loaded: boolean;
  standIn: ReactElement;
  children: ReactNode;
}) {
  // `loaded` turns true only once the code has arrived, so the popup renders at once (lib/lazy-component).
  return loaded ? children : standIn;
}

/**
 * For a menu whose first open came from the keyboard on its stand-in (`openedByKeyboard`): the menu content's
 * onFocus, which moves focus once from the menu itself (where Radix puts it on mount) to its first item, as Radix
 * does for a keyboard open of its own trigger.
 */
export function useFirstItemFocus(focusFirstItem: boolean): (event: FocusEvent<HTMLElement>) => void {
  const pending = useRef(focusFirstItem);
  return (event) => {
    if (!pending.current || event.target !== event.currentTarget) return;
    pending.current = false;
    event.currentTarget.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
  };
}
