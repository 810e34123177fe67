// The lesson pages' one classic script, in <head>: it runs before the body is
// parsed, so what it sets holds from the first paint on.
//
// - The learner's remembered language goes on <html lang> (initLang, in the
//   page's module script, wires the switch later), so the page never shows
//   the other language first.
// - The first frame lays out only the sections it shows. The sections are
//   `content-visibility: auto` (page.css), which Chromium lays out in full
//   when they are within a screen or two of the viewport, a first frame's
//   worth of text shaping and font fallback the reader does not see. So just
//   before the first frame, the sections from the top down to the first one
//   reaching past the viewport are marked to be laid out, the rest to be
//   skipped; one frame later the marks go and every section is `auto` again.
//   The skipped ones are below the viewport, so nothing visible moves. A page
//   opened at a fragment is left alone (page-anchors.ts lays everything out).
import { storedLang } from './i18n/lang';

const stored = storedLang();
if (stored) document.documentElement.setAttribute('lang', stored);

const MARK = 'data-first-frame';

function firstFrame(): void {
  const steps = Array.from(document.querySelectorAll<HTMLElement>('.step'));
  // A frame before any section has been parsed: mark them in the next one.
  if (!steps.length && document.readyState === 'loading') { requestAnimationFrame(firstFrame); return; }
  let shown = true;
  for (const step of steps) {
    step.setAttribute(MARK, shown ? 'shown' : 'later');
    // (laid out now, with the sections above it: the frame needs them anyway)
    if (shown && step.getBoundingClientRect().bottom >= innerHeight) shown = false;
  }
  requestAnimationFrame(() => { for (const step of steps) step.removeAttribute(MARK); });
}

if (location.hash.length < 2) requestAnimationFrame(firstFrame);
