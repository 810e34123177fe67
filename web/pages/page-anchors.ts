// Jumps to a section (a link to #quiz from the contents, a quiz's "see
// section" link, a URL with a fragment) land on the section in every engine,
// and End lands on the page's end.
// The page is laid out in full from the first frame (no content-visibility),
// but the elements above a target may still be loading when the jump is
// made: for a few seconds after it, the target is kept at the top (the end
// at the bottom), until the reader scrolls, clicks or types.
// A hold ends at the reader's first scroll, click or key, or after
// MAX_HOLD_MS; a section's hold also once the page's height has not changed
// for SETTLED_MS (the elements above have loaded). End's hold has no such
// rule: the widgets of the last screens may grow the page after any pause
// (a slow phone, a slow network), and End means the end. It ends as soon as
// the view moves up while the page keeps its height, which only the reader does.
// Every other jump (a script's scrollIntoView, focus moving to a widget,
// find-in-page) is kept in place by the browser's scroll anchoring, which the
// page's styles take care not to suspend (web/styles/page.css), except one:
// a jump to a target in the last screen, which cannot come to the top. The
// view then ends at the page's end, its top is above the target, and what
// grows between them (a quiz getting its questions) pushes the target out
// of view. While the page is young (MAX_HOLD_MS), a scroll that no reader's
// input started and that leaves the view at the page's end is held there as
// End is, with one limit: the page cannot tell which widget in the last
// screen was the target, so each widget whose top was in view keeps a part
// of itself in view, even if the view then stops short of the end (when they
// cannot all, the ones nearer the end are kept).
import { ELEMENT_TAGS } from '../shared/tags';

const SETTLED_MS = 1500;
const MAX_HOLD_MS = 20_000;
/** A scroll this soon after the reader's wheel, touch, key or pointer is theirs. */
const SCROLL_INPUT_MS = 1000;
/** The reader's own input: it ends a hold, and a scroll that follows it is the reader's. */
const READER_INPUT = ['wheel', 'touchstart', 'touchmove', 'keydown', 'pointerdown'] as const;
/** How much of a widget the last-screen hold keeps in view: this share of the view, or all of a shorter widget. */
const KEEP_SHARE = 0.25;

function targetOf(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/** What takes End for itself: a field, a slider, a grid, a radio group, a list (the key moves inside it). */
const END_TAKERS = 'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="slider"], [role="spinbutton"], '
  + '[role="grid"], [role="gridcell"], [role="radiogroup"], [role="radio"], [role="listbox"], [role="option"], [role="tablist"], [role="tab"], '
  + '[role="menu"], [role="menuitem"], [role="tree"], [role="treeitem"]';

/**
 * End (or Ctrl+End) pressed for the page: not taken by a control, not scrolling a box of its
 * own, on its way out of every shadow root (a widget inside a page's scrolling box counts).
 */
function endOfPage(e: KeyboardEvent): boolean {
  if (e.key !== 'End' || e.defaultPrevented || e.altKey || e.metaKey || e.shiftKey) return false;
  return !e.composedPath().some((node) => node instanceof Element && node !== document.body && node !== document.documentElement
    && (node.matches(END_TAKERS) || (node.scrollHeight > node.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(node).overflowY))));
}

/** The same-page fragment link a click went to, if any (also inside shadow roots). */
function fragmentLink(e: MouseEvent): HTMLElement | null {
  for (const node of e.composedPath()) {
    if (!(node instanceof HTMLAnchorElement) || !node.href) continue;
    const u = new URL(node.href, location.href);
    if (u.hash && u.origin === location.origin && u.pathname === location.pathname && u.search === location.search) return targetOf(u.hash);
    return null;
  }
  return null;
}

export function keepJumpsExact(): void {
  const root = document.documentElement;
  let release: (() => void) | null = null;

  // Keeps the view where a jump aimed while the page grows: whenever
  // scrolling has settled (the browser's own jump, smooth or not, is left to
  // finish), `putBack` puts the view back if it is elsewhere, and says whether
  // it moved it; with `settles`, the hold also ends once the page has stopped
  // growing (SETTLED_MS). Checked every 50 ms (a smooth scroll in WebKit ends at the
  // place it aimed at when the page was shorter; WebKit may hold animation
  // frames back while the page loads).
  const hold = (putBack: () => boolean, settles: boolean) => {
    release?.();
    let lastY = NaN;
    let still = 0;
    const start = performance.now();
    let height = root.scrollHeight;
    let grown = start;
    const tick = () => {
      const now = performance.now();
      const changed = root.scrollHeight !== height;
      if (changed) { height = root.scrollHeight; grown = now; }
      if ((settles && now - grown > SETTLED_MS && still >= 3) || now - start > MAX_HOLD_MS) { done(); return; }
      const y = window.scrollY;
      // End's hold: the view moving up while the page kept its height is the reader (a scrollbar
      // dragged sends no key or pointer event to the page); scroll anchoring moves it only as the page changes.
      if (!settles && !changed && y < lastY - 1) { done(); return; }
      still = y === lastY ? still + 1 : 0;
      lastY = y;
      // (the hold's own move, up or down, is not the reader's)
      if (still >= 3 && putBack()) { still = 0; lastY = window.scrollY; }
    };
    const done = () => {
      clearInterval(poll);
      for (const t of READER_INPUT) removeEventListener(t, done, true);
      if (release === done) { release = null; delete root.dataset.jumpHold; }
    };
    for (const t of READER_INPUT) addEventListener(t, done, { capture: true, passive: true });
    release = done;
    // What is being held, for scripts and tests: 'end' or 'section' (absent when nothing is).
    root.dataset.jumpHold = settles ? 'section' : 'end';
    const poll = setInterval(tick, 50);
  };

  // The target at the top, unless the page cannot scroll that far.
  const atTop = (target: HTMLElement) => (): boolean => {
    // (scrollIntoView leaves the page's scroll-padding and the target's scroll-margin above it)
    const gap = (parseFloat(getComputedStyle(root).scrollPaddingTop) || 0) + (parseFloat(getComputedStyle(target).scrollMarginTop) || 0);
    const off = target.getBoundingClientRect().top - gap;
    const y = window.scrollY;
    const canScroll = off > 0 ? y + window.innerHeight < root.scrollHeight - 1 : y > 0;
    if (Math.abs(off) <= 2 || !canScroll) return false;
    target.scrollIntoView({ block: 'start', behavior: 'instant' });
    return true;
  };
  // The view at the page's end: widgets that arrive in the last screens grow it below the view.
  const atPageEnd = () => root.scrollHeight - (window.scrollY + window.innerHeight) <= 2;
  // The end, as near as the widgets whose top was in view when the jump landed allow (none for
  // End): each keeps KEEP_SHARE of the view (or all of itself) in it. When they cannot all, the last ones win.
  const nearEnd = (widgets: Element[]) => (): boolean => {
    const view = window.innerHeight, y = window.scrollY;
    let lo = -Infinity, hi = Infinity;
    for (const el of [...widgets].reverse()) {
      if (!el.isConnected) continue;
      const r = el.getBoundingClientRect();
      const keep = Math.min(view * KEEP_SHARE, r.height);
      const elLo = Math.max(lo, y + r.top + keep - view), elHi = Math.min(hi, y + r.bottom - keep);
      if (elLo > elHi) break;
      [lo, hi] = [elLo, elHi];
    }
    const end = root.scrollHeight - view;
    const target = Math.max(0, Math.min(end, hi));
    if (Math.abs(target - y) <= 2) return false;
    window.scrollTo({ top: target, behavior: 'instant' });
    return true;
  };

  // A jump to the last screen made by a script or the browser: no wheel, touch, key or pointer
  // just before it (SCROLL_INPUT_MS), no hold under way (its own scrolls are these too).
  let input = -Infinity;
  for (const t of READER_INPUT) addEventListener(t, () => { input = performance.now(); }, { capture: true, passive: true });
  addEventListener('scroll', () => {
    const now = performance.now();
    if (release || now > MAX_HOLD_MS || now - input < SCROLL_INPUT_MS || window.scrollY < 1) return;
    if (!atPageEnd()) return;
    const view = window.innerHeight;
    const inView = [...document.querySelectorAll(ELEMENT_TAGS.join(','))].filter((el) => {
      const top = el.getBoundingClientRect().top;
      return top >= 0 && top < view;
    });
    hold(nearEnd(inView), false);
  }, { passive: true });

  // End pressed for the page (this listener runs before the key's default action, the browser's own jump).
  document.addEventListener('keydown', (e) => { if (endOfPage(e)) hold(nearEnd([]), false); });
  // A link to a section (the click's default action, the browser's own smooth scroll, runs after this listener).
  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const target = fragmentLink(e);
    if (target) hold(atTop(target), true);
  }, true);
  // A fragment set by a script, or the back button.
  addEventListener('hashchange', () => {
    const target = targetOf(location.hash);
    if (target) hold(atTop(target), true);
  });
  // Opened with a fragment.
  const initial = targetOf(location.hash);
  if (initial) hold(atTop(initial), true);
}
