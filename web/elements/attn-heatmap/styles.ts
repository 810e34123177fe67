// Styles of <attn-heatmap>, adopted as a constructable stylesheet (CSP-safe).
// Colours go through --attn-* custom properties with light and dark defaults
// that meet WCAG AA on the default backgrounds. The canvas holds one pixel per
// weight (paint.ts); the board scales it. Over it, the values (shown by a
// container query where a cell is at least 34 px wide, for each number of
// tokens T), and over both the grid's cells with the gaps and the hatch of
// masked cells.
import { SNIPPET_CSS } from '../../shared/snippet-control';
import { TOKENS_MAX, TOKENS_MIN } from './parse';
import { HOST_BASE, PALETTE_DARK, PALETTE_LIGHT, scrollEdges } from '../../shared/theme';

/** For each T: the values show where the board is at least 34 px a cell, in 30 % of a cell (13 px at most). */
function valueRules(): string {
  const rules: string[] = [];
  for (let T = TOKENS_MIN; T <= TOKENS_MAX; T++) {
    rules.push(`@container (min-width: ${34 * T}px) { .t${T} .v { display: flex; font-size: min(13px, ${+(30 / T).toFixed(3)}cqw); } }`);
  }
  return rules.join('\n');
}

export const HEATMAP_CSS = `
:host {${PALETTE_LIGHT}
  --_error: var(--attn-error, #a3141b);
  --_error-bg: var(--attn-error-bg, #fbe5e6);
  --_masked: var(--attn-heatmap-masked, #ffffff);
  --_hatch: var(--attn-heatmap-hatch, #5f6672);
  --_size: var(--attn-heatmap-size, 22rem);${HOST_BASE}
  line-height: 1.5;
}
@media (prefers-color-scheme: dark) {
  :host {${PALETTE_DARK}
    --_error: var(--attn-error, #ff9da1);
    --_error-bg: var(--attn-error-bg, #3a1518);
    --_masked: var(--attn-heatmap-masked, #16181d);
    --_hatch: var(--attn-heatmap-hatch, #aab0bc);
  }
}
:host([hidden]) { display: none; }
[hidden] { display: none !important; }
* { box-sizing: border-box; }
.sr-only {
  position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0;
  overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; border: 0;
}
.status { color: var(--_muted); margin: 0.3rem 0; min-height: 1.5em; }
.message {
  color: var(--_error); background: var(--_error-bg); border: 1px solid var(--_error);
  border-radius: 6px; padding: 0.4rem 0.7rem; margin: 0.4rem 0;
}
.message p { margin: 0.15rem 0; overflow-wrap: anywhere; }
.note { color: var(--_muted); margin: 0.3rem 0; overflow-wrap: anywhere; }
.controls { display: flex; flex-wrap: wrap; gap: 0.5rem 1.2rem; align-items: center; margin: 0.4rem 0; }
.field { display: flex; flex-wrap: wrap; gap: 0.3rem 0.6rem; align-items: center; }
.dkfield { flex: 1 1 18rem; }
.dkfield input[type="range"] { flex: 1 1 10rem; min-width: 8rem; accent-color: var(--_accent); }
output.dkvalue { font-variant-numeric: tabular-nums; min-width: 3ch; font-weight: 700; }
.check { display: inline-flex; gap: 0.35rem; align-items: center; cursor: pointer; }
input, select, button { font: inherit; color: inherit; }
input[type="checkbox"] { accent-color: var(--_accent); width: 1.05rem; height: 1.05rem; }
select, button {
  background: var(--_surface); border: 1px solid var(--_border); border-radius: 6px; padding: 0.2rem 0.5rem;
}
button { cursor: pointer; }
input:focus-visible, select:focus-visible, button:focus-visible, summary:focus-visible {
  outline: 3px solid var(--_focus); outline-offset: 2px;
}
.reading, .hint { color: var(--_muted); margin: 0.3rem 0; font-size: 0.9rem; }
.panels { display: flex; flex-wrap: wrap; gap: 1rem 1.5rem; align-items: flex-start; }
figure.panel { margin: 0; flex: 0 1 auto; max-width: 100%; }
figcaption { font-weight: 700; margin: 0 0 0.2rem; font-size: 0.9rem; }
.plot {
  display: grid; grid-template-columns: auto minmax(0, var(--_size)); grid-template-rows: auto auto;
  justify-content: start; /* the row labels stay next to their grid, however wide the figure */
  column-gap: 0.25rem; row-gap: 0.1rem; font-size: 0.7rem; color: var(--_muted);
}
.corner { align-self: end; text-align: right; white-space: nowrap; }
.colhead, .rowhead { display: flex; min-width: 0; min-height: 0; }
.colhead { flex-direction: row; }
.rowhead { flex-direction: column; max-width: 6rem; }
.colhead span, .rowhead span {
  flex: 1 1 0; min-width: 0; min-height: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
  font-variant-numeric: tabular-nums;
}
.colhead span { text-align: center; }
.rowhead span { display: flex; align-items: center; justify-content: flex-end; padding-right: 0.15rem; }
.board { position: relative; width: min(var(--_size), 80vw); aspect-ratio: 1 / 1; container-type: inline-size; }
.board canvas { position: absolute; inset: 0; width: 100%; height: 100%; display: block; image-rendering: pixelated; }
.cells, .values { position: absolute; inset: 0; display: flex; flex-direction: column; }
.cells [role="row"], .values > div { flex: 1 1 0; display: flex; min-height: 0; }
.cells [role="gridcell"] {
  flex: 1 1 0; min-width: 0; outline: none; cursor: crosshair;
  box-shadow: inset -1px -1px 0 var(--_bg); /* the gap on each cell's right and bottom */
}
.cells [role="gridcell"]:hover { box-shadow: inset -1px -1px 0 var(--_bg), inset 0 0 0 2px var(--_bg), inset 0 0 0 3px var(--_fg); }
.values { pointer-events: none; }
.values .v {
  display: none; flex: 1 1 0; min-width: 0; padding: 0 1px 1px 0; align-items: center; justify-content: center;
  font: 400 13px system-ui, sans-serif; font-variant-numeric: tabular-nums; color: #000;
  overflow: hidden; white-space: nowrap; forced-color-adjust: none;
}
.values .v.light { color: #fff; }
${valueRules()}
.cells [role="gridcell"]:focus-visible,
.cells [role="gridcell"].active:focus {
  outline: 3px solid var(--_fg); outline-offset: -3px; box-shadow: inset 0 0 0 5px var(--_bg);
  position: relative; z-index: 1;
}
/* Compare mode: two panels side by side where both fit at a readable size, stacked otherwise. */
.panels.compare figure.panel { flex: 1 1 14rem; min-width: 0; max-width: calc(var(--_size) + 2.5rem); }
.panels.compare .plot { grid-template-columns: auto minmax(0, 1fr); }
.panels.compare .board { width: 100%; }
select:disabled { opacity: 0.6; cursor: not-allowed; }
.compared strong { font-weight: 700; }
.pstat { margin: 0.25rem 0 0; font-size: 0.8rem; color: var(--_muted); font-variant-numeric: tabular-nums; }
.legend { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem 1rem; margin: 0.6rem 0 0.2rem; font-size: 0.8rem; }
.ramp { display: inline-flex; align-items: center; gap: 0.4rem; }
.ramp .bar {
  display: inline-block; width: 10rem; height: 0.9rem; border: 1px solid var(--_border);
  background: linear-gradient(to right, #fde725, #aadc32, #5cc863, #27ad81, #21908d, #2c718e, #3b518b, #472c7a, #440154);
}
.swatch {
  display: inline-block; width: 1.2rem; height: 0.9rem; border: 1px solid var(--_border); vertical-align: middle;
}
/* A masked cell and the legend's swatch: one hatch. */
.swatch, .cells [role="gridcell"].masked {
  background: var(--_masked) repeating-linear-gradient(135deg, var(--_hatch) 0 1.5px, transparent 1.5px 5px);
}
.info {
  min-height: 3em; margin: 0.5rem 0; padding: 0.35rem 0.6rem; border-left: 3px solid var(--_accent);
  background: var(--_surface); font-variant-numeric: tabular-nums; overflow-wrap: anywhere;
}
.readouts { margin: 0.4rem 0; display: grid; gap: 0.2rem; font-variant-numeric: tabular-nums; }
.readouts p { margin: 0; overflow-wrap: anywhere; }
.rowmax { color: var(--_muted); font-size: 0.8rem; }
.formula code, pre { font-family: var(--_mono); }
.formula code { font-size: 0.9rem; overflow-wrap: anywhere; }
.copy-row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0.5rem 0 0; }
.copy-status { color: var(--_muted); font-size: 0.9rem; }
details { margin: 0.3rem 0; }
summary { cursor: pointer; color: var(--_muted); }
pre {
  margin: 0.3rem 0; padding: 0.5rem 0.7rem; border: 1px solid var(--_border);
  border-radius: 6px; overflow-x: auto; font-size: 0.8rem; user-select: all;
}
@media (prefers-reduced-motion: no-preference) {
  .cells [role="gridcell"] { transition: box-shadow 80ms ease; }
}
@media (forced-colors: active) {
  .cells [role="gridcell"]:focus-visible { outline: 3px solid Highlight; }
}
${scrollEdges('pre', 'var(--_surface)')}${SNIPPET_CSS}`;
