// Jumps to a section (a link to #quiz from the contents, a quiz's "see
// section" link, a URL with a fragment) land on the section in every engine.
// The page is laid out in full from the first frame (no content-visibility),
// but the elements above a target may still be loading when the jump is
// made: for a few seconds after it, the target is kept at the top, until the
// reader scrolls, clicks or types.
// The hold ends once the page's height has not changed for SETTLED_MS (the
// elements above have loaded), or after MAX_HOLD_MS, or at the reader's first
// scroll, click or key.
const SETTLED_MS = 1500;
const MAX_HOLD_MS = 20_000;

function targetOf(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
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

  // Keeps `target` at the top while the page above it grows:
  // whenever scrolling has settled (the browser's own jump, smooth or not, is
  // left to finish) and the target is not at the top although the page could
  // scroll further, it is put back there. Checked every 50 ms (a smooth
  // scroll in WebKit ends at the place it aimed at when the page was shorter;
  // WebKit may hold animation frames back while the page loads).
  const hold = (target: HTMLElement) => {
    release?.();
    let lastY = NaN;
    let still = 0;
    const start = performance.now();
    let height = root.scrollHeight;
    let grown = start;
    const tick = () => {
      const now = performance.now();
      if (root.scrollHeight !== height) { height = root.scrollHeight; grown = now; }
      if ((now - grown > SETTLED_MS && still >= 3) || now - start > MAX_HOLD_MS) { done(); return; }
      const y = window.scrollY;
      still = y === lastY ? still + 1 : 0;
      lastY = y;
      if (still >= 3) {
        // (scrollIntoView leaves the page's scroll-padding and the target's scroll-margin above it)
        const gap = (parseFloat(getComputedStyle(root).scrollPaddingTop) || 0) + (parseFloat(getComputedStyle(target).scrollMarginTop) || 0);
        const off = target.getBoundingClientRect().top - gap;
        const canScroll = off > 0 ? y + window.innerHeight < root.scrollHeight - 1 : y > 0;
        if (Math.abs(off) > 2 && canScroll) {
          target.scrollIntoView({ block: 'start', behavior: 'instant' });
          still = 0;
        }
      }
    };
    const stopEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    const done = () => {
      clearInterval(poll);
      for (const t of stopEvents) removeEventListener(t, done, true);
      if (release === done) release = null;
    };
    for (const t of stopEvents) addEventListener(t, done, { capture: true, passive: true });
    release = done;
    const poll = setInterval(tick, 50);
  };

  // A link to a section (the click's default action, the browser's own smooth scroll, runs after this listener).
  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const target = fragmentLink(e);
    if (target) hold(target);
  }, true);
  // A fragment set by a script, or the back button.
  addEventListener('hashchange', () => {
    const target = targetOf(location.hash);
    if (target) hold(target);
  });
  // Opened with a fragment.
  const initial = targetOf(location.hash);
  if (initial) hold(initial);
}
