// The lesson pages' one classic script, in <head>: it runs before the body is
// parsed, so what it sets holds from the first paint on.
//
// - The learner's remembered language goes on <html lang> (initLang, in the
//   page's module script, wires the switch later), so the page never shows
//   the other language first.
// - The first frame lays out only what it shows. The sections are
//   `content-visibility: auto` (page.css), which Chromium lays out in full
//   when they are within a screen or two of the viewport: a first frame's
//   worth of text shaping and font fallback the reader does not see. So just
//   before the first frame, every section is marked to be skipped, then
//   unmarked from the top, block by block within a section, until a block
//   reaches past the viewport; one frame later the marks go and every section
//   is `auto` again. What stays skipped is below the viewport, so nothing the
//   reader sees moves. A page opened at a fragment is left alone
//   (page-anchors.ts lays everything out for the jump).
import { storedLang } from './i18n/lang';

const stored = storedLang();
if (stored) document.documentElement.setAttribute('lang', stored);

const MARK = 'data-first-frame';

function firstFrame(): void {
  const steps = Array.from(document.querySelectorAll<HTMLElement>('.step'));
  // A frame before any section has been parsed: mark them in the next one.
  if (!steps.length && document.readyState === 'loading') { requestAnimationFrame(firstFrame); return; }
  const marked: Element[] = [];
  const skip = (el: Element) => { el.setAttribute(MARK, 'later'); marked.push(el); };
  steps.forEach(skip);
  // Each unmarking lays out one more block, with everything above it (the frame needs those anyway).
  const reachesPast = (el: Element) => el.getBoundingClientRect().bottom >= innerHeight;
  outer: for (const step of steps) {
    const blocks = Array.from(step.children);
    blocks.forEach(skip);
    step.setAttribute(MARK, 'shown');
    for (const block of blocks) {
      block.removeAttribute(MARK);
      if (reachesPast(block)) break outer;
    }
  }
  requestAnimationFrame(() => { for (const el of marked) el.removeAttribute(MARK); });
}

if (location.hash.length < 2) requestAnimationFrame(firstFrame);
