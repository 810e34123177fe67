// How both lesson pages start their elements. The first picture on each is
// a heatmap: its code is part of the page's script (no second round trip),
// and the core engine starts loading before anything else. The other
// elements (quiz, review, exercise: below the first screen) load their code
// through the library's autoloader once the first heatmap has painted, or
// after 2 s, so they do not compete with it for the first frames.
import './elements/attn-heatmap/attn-heatmap';
import { getEngine } from './engine/browser';

export function startElements(): void {
  getEngine().catch(() => { /* the heatmaps say so */ });
  let started = false;
  const loadRest = () => {
    if (started) return;
    started = true;
    void import('./lib/attention-lab');
  };
  document.addEventListener('attn-heatmap-change', loadRest, { once: true });
  setTimeout(loadRest, 2000);
}
