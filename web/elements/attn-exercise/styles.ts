// Styles of <attn-exercise>, adopted as a constructable stylesheet (CSP-safe).
import { SNIPPET_CSS } from '../../shared/snippet-control';
import { HOST_BASE, PALETTE_DARK, PALETTE_LIGHT, scrollEdges } from '../../shared/theme';

// The shared palette (web/shared/theme.ts) plus the exercise's own tokens:
// --attn-ok / --attn-bad for the verdicts and --attn-diff-bg for a differing
// output line (≥ 4.5:1 on the default backgrounds, light and dark).
export const EXERCISE_CSS = `
:host {${PALETTE_LIGHT}
  --_ok: var(--attn-ok, #1a7f37);
  --_bad: var(--attn-bad, #cf222e);
  --_error: var(--attn-error, #a40e26);
  --_diff-bg: var(--attn-diff-bg, #f9d3d4);${HOST_BASE}
  font-size: 0.9rem;
  line-height: 1.45;
}
@media (prefers-color-scheme: dark) {
  :host {${PALETTE_DARK}
    --_ok: var(--attn-ok, #4ac26b);
    --_bad: var(--attn-bad, #ff8182);
    --_error: var(--attn-error, #ff8182);
    --_diff-bg: var(--attn-diff-bg, #5a2326);
  }
}
.prog { font: 0.8rem/1.45 var(--_mono); padding: .6em .8em; border-radius: 6px; overflow-x: auto; }
.prog pre { margin: 0; white-space: pre; }
.slot { display: flex; flex-wrap: wrap; align-items: center; gap: .1em .4em; white-space: pre; }
.slot input { flex: 1 1 12em; min-width: min(12em, 100%); font: inherit; padding: .15em .3em; color: var(--_fg); background: var(--_bg); border: 1px solid var(--_border); border-radius: 4px; }
.prog pre.tail { opacity: .92; }
/* The TODO's hint stays beside its input where there is room and wraps below it on a phone. */
.slot .tag { font-size: 0.7rem; opacity: .75; white-space: normal; flex: 0 1 auto; min-width: min(14em, 100%); overflow-wrap: anywhere; }
${scrollEdges('.prog', 'var(--_surface)')}
${scrollEdges('.out')}
.bar { display: flex; flex-wrap: wrap; gap: .6em; align-items: center; margin: .6em 0; }
button, select { font: inherit; color: var(--_fg); background: var(--_bg); border: 1px solid var(--_border); border-radius: 6px; padding: .25em .7em; }
button.run { background: var(--_accent); border-color: var(--_accent); color: var(--_bg); }
button:focus-visible, select:focus-visible, input:focus-visible, textarea:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
/* The two output panes: side by side only where both fit (the result box is the container), stacked
   below 900 px; each pre scrolls inside itself instead of widening the page. */
.result { container-type: inline-size; }
.result[aria-busy="true"] .verdicts, .result[aria-busy="true"] .cols { opacity: 0.6; }
.cols { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: .8em; }
.cols > div { min-width: 0; }
@container (max-width: 900px) { .cols { grid-template-columns: minmax(0, 1fr); } }
.out { font: 0.8rem/1.4 var(--_mono); margin: 0; padding: .5em; border: 1px solid var(--_border); border-radius: 6px; overflow-x: auto; white-space: pre; max-width: 100%; box-sizing: border-box; }
/* a gutter on every line; "≠" (not colour alone) marks a line that differs */
.out .ln::before { content: '  '; }
.out .ln.d::before { content: '≠ '; font-weight: 700; }
.out .d { background: var(--_diff-bg); }
.verdicts { list-style: none; padding: 0; margin: .6em 0; }
.verdicts li { margin: .3em 0; overflow-wrap: anywhere; }
.copy-status { margin: .3em 0; }
.ok { color: var(--_ok); font-weight: 700; }
.bad { color: var(--_bad); font-weight: 700; }
.unsupported { font-weight: 700; }
.error { color: var(--_error); border-left: 3px solid currentColor; padding: .2em .6em; margin: .4em 0; }
.explain { margin: .4em 0; }
h3 { font-size: 1em; margin: .2em 0; }
${SNIPPET_CSS}`;
