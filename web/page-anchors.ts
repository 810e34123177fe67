// Jumps to a section (a link to #quiz from the contents, a quiz's "see
// section" link, a URL with a fragment) land on the section in every engine.
// The sections below the first screen are `content-visibility: auto` with a
// guessed height (page.css), so until they are laid out, everything below
// them sits at a guessed position: a jump to #quiz landed 800–1,400 px away
// in Chromium, Firefox and WebKit alike. So before any jump, every section is
// laid out for real (html.sections-laid-out), and for a few seconds after it,
// while the elements above the target are still loading and growing, the
// target is kept at the top, until the reader scrolls or types.
const LAID_OUT = 'sections-laid-out';
const HOLD_MS = 4000;

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

  // Keeps `target` at the top while the page above it grows, for HOLD_MS.
  const hold = (target: HTMLElement, alignNow: boolean) => {
    release?.();
    root.classList.add(LAID_OUT);
    const align = () => target.scrollIntoView({ block: 'start', behavior: 'instant' });
    let first = true;
    const ro = new ResizeObserver(() => {
      if (first) { first = false; if (!alignNow) return; }
      align();
    });
    const stopEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    const done = () => {
      ro.disconnect();
      clearTimeout(timer);
      for (const t of stopEvents) removeEventListener(t, done, true);
      if (release === done) release = null;
    };
    const timer = setTimeout(done, HOLD_MS);
    for (const t of stopEvents) addEventListener(t, done, { capture: true, passive: true });
    release = done;
    ro.observe(document.body);
  };

  // A link to a section: lay everything out before the browser scrolls (the
  // click's default action runs after this listener), keep the smooth scroll.
  let clicked: HTMLElement | null = null;
  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    clicked = fragmentLink(e);
    if (clicked) root.classList.add(LAID_OUT);
  }, true);
  // After such a click (the browser scrolls, smoothly where allowed), a
  // fragment set by a script, or the back button (aligned here).
  addEventListener('hashchange', () => {
    const target = targetOf(location.hash);
    if (target) hold(target, target !== clicked);
    clicked = null;
  });
  // Opened with a fragment.
  const initial = targetOf(location.hash);
  if (initial) hold(initial, true);
}
