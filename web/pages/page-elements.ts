// How the lesson pages start their elements. The first picture on the two
// with heatmaps is a heatmap: its code is preloaded by the page's head (no
// second round trip) but evaluated in a task of its own after the page's
// script, and the core engine starts loading before anything else. The rest
// (the quiz, review and exercise code through the library's autoloader; on
// the lesson page the evaluator too) waits for the first heatmap to paint, so
// it does not compete with it for the first frames.
import { getEngine } from '../engine/core/browser';
import { keepJumpsExact } from './page-anchors';
import { findAnyScormApi } from '../scorm/find';
import { watchNearness } from '../shared/nearness';
import { ELEMENT_TAGS } from '../shared/tags';

/**
 * Runs `fn` once: in a task of its own after the first heatmap on the page
 * has painted (not inside that heatmap's render), after 2 s (a page whose
 * engine does not load), or at once when the returned function is called,
 * whichever comes first. On a page without a heatmap, at once.
 */
export function afterFirstHeatmap(fn: () => void): () => void {
  if (!document.querySelector('attn-heatmap')) { fn(); return () => undefined; }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    document.removeEventListener('attn-heatmap-change', painted);
    fn();
  };
  const painted = () => { setTimeout(run, 0); };
  document.addEventListener('attn-heatmap-change', painted);
  setTimeout(run, 2000);
  return run;
}

export function startElements(): void {
  keepJumpsExact();
  // Before any element's code arrives, so that it knows which of them are far from the view.
  watchNearness(document.querySelectorAll(ELEMENT_TAGS.join(',')));
  // The heatmap and its core engine: a page without one (the block page) fetches neither. The
  // engine's loader starts in a task of its own, before the heatmap's: setting it up is work
  // the page's script need not wait for.
  if (document.querySelector('attn-heatmap')) {
    setTimeout(() => { getEngine().catch(() => { /* the heatmaps say so */ }); }, 0);
    import('../elements/attn-heatmap/attn-heatmap').catch(() => { /* the lesson's text stands without it */ });
  }
  afterFirstHeatmap(() => {
    void import('../lib/attention-lab');
    // The "a review is due" banner at the top of the page (it shares the progress store's chunk with the review).
    void import('../elements/attn-review/due-banner').then((m) => m.mountDueBanner(), () => undefined);
  });
  // Inside an LMS (a SCORM 2004 or 1.2 package): report the quiz to the
  // gradebook. Outside one, only the few lines of find.ts run.
  // A cmi5 launch (the LMS put endpoint, fetch, actor, registration and
  // activityId in the URL): the cmi5 AU, no SCORM.
  const q = location.search;
  if (/[?&]fetch=/.test(q) && /[?&]endpoint=/.test(q)) {
    import('../cmi5/au').then((m) => { const l = m.parseLaunch(q); if (l) m.startCmi5(l); }).catch(() => { /* the page works without */ });
    return;
  }
  const found = findAnyScormApi();
  if (found) import('../scorm/adapter').then((m) => { m.startScorm(found.api, document, found.version); }).catch(() => { /* the page works without */ });
}
