/**
 * Tap targets (issue 40, item 11; WCAG 2.5.5's 44 × 44 px): the visible buttons and links of a page or of a part of
 * it that are smaller than that. Links inside a sentence are left out, as WCAG does (their size is the text's).
 */
import type { Locator, Page } from 'playwright-core';

/** The smallest width and height of a tap target, in CSS pixels. */
export const TAP_MIN = 44;

/**
 * The visible buttons and links (and radios and checkboxes drawn as chips) within `root` (the whole page without)
 * that are narrower or lower than TAP_MIN, as "<name> (w × h)".
 */
export async function smallTargets(page: Page, root?: Locator): Promise<string[]> {
  const scope = root ?? page.locator('body');
  return scope.evaluate((el, min) => {
    const targets = el.querySelectorAll<HTMLElement>(
      'button, a[href], [role="button"], [role="menuitemradio"]',
    );
    const small: string[] = [];
    for (const target of targets) {
      const r = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden') continue;
      if (r.bottom < 0 || r.top > innerHeight * 3) continue;
      // A link in running text: the paragraph around it holds more words than the link's own (the journeys measure
      // the auth pages' "Register" and "Login" links, which sit in such a sentence, on their own).
      const block = target.parentElement;
      const inSentence =
        target.tagName === 'A' &&
        block !== null &&
        (block.textContent ?? '').trim().length > (target.textContent ?? '').trim().length + 1 &&
        getComputedStyle(block).display === 'block' &&
        block.tagName === 'P';
      if (inSentence) continue;
      if (r.width < min - 0.5 || r.height < min - 0.5) {
        const name = target.getAttribute('aria-label') || (target.textContent ?? '').trim() || target.tagName;
        small.push(`${name.slice(0, 40)} (${Math.round(r.width)} × ${Math.round(r.height)})`);
      }
    }
    return small;
  }, TAP_MIN);
}

/** The size of one target, rounded to whole pixels. */
export async function sizeOf(target: Locator): Promise<{ width: number; height: number }> {
  const box = await target.boundingBox();
  if (!box) throw new Error('the target is not on the page');
  return { width: Math.round(box.width), height: Math.round(box.height) };
}
