// Styles of <attn-train>, adopted as a constructable stylesheet (CSP-safe).
// Colours go through --attn-* custom properties with light and dark defaults
// that meet WCAG AA on the default backgrounds. The curves use the accent for
// the current run's train loss, a second colour for its val loss, and muted
// tones for earlier runs.
import { SNIPPET_CSS } from '../../shared/snippet-control';
import { HOST_BASE, PALETTE_DARK, PALETTE_LIGHT, scrollEdges } from '../../shared/theme';

export const TRAIN_CSS = `
:host {${PALETTE_LIGHT}
  --_error: var(--attn-error, #a3141b);
  --_error-bg: var(--attn-error-bg, #fbe5e6);
  --_val: var(--attn-train-val, #b4480c);
  --_earlier: var(--attn-train-earlier, #6b7280);
  --_grid: var(--attn-train-grid, #d5d8de);${HOST_BASE}
  line-height: 1.5;
}
@media (prefers-color-scheme: dark) {
  :host {${PALETTE_DARK}
    --_error: var(--attn-error, #ff9da1);
    --_error-bg: var(--attn-error-bg, #3a1518);
    --_val: var(--attn-train-val, #ffb37a);
    --_earlier: var(--attn-train-earlier, #9aa1ad);
    --_grid: var(--attn-train-grid, #3a3f49);
  }
}
:host([hidden]) { display: none; }
[hidden] { display: none !important; }
.pending { min-height: 3rem; border: 1px dashed var(--_border); border-radius: 8px; }
* { box-sizing: border-box; }
.sr-only {
  position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0;
  overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; border: 0;
}
.message {
  color: var(--_error); background: var(--_error-bg); border: 1px solid var(--_error);
  border-radius: 6px; padding: 0.4rem 0.7rem; margin: 0.4rem 0;
}
.message p { margin: 0.15rem 0; overflow-wrap: anywhere; }
.controls { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: end; margin: 0.4rem 0; }
.field { display: flex; flex-direction: column; gap: 0.15rem; min-width: 0; }
.field input { width: 8.5rem; max-width: 100%; }
.field select { max-width: 100%; }
fieldset { border: 1px solid var(--_border); border-radius: 6px; margin: 0.5rem 0; padding: 0.3rem 0.7rem 0.6rem; min-width: 0; }
legend { padding: 0 0.3rem; }
label code { font-family: var(--_mono); font-size: 0.9rem; }
.choice { display: inline-flex; gap: 0.35rem; align-items: center; margin-right: 1rem; }
.own { display: flex; flex-direction: column; gap: 0.3rem; margin-top: 0.4rem; }
textarea { width: 100%; min-height: 5rem; font: 0.8rem/1.4 var(--_mono); resize: vertical; }
input, select, button, textarea { font: inherit; color: inherit; }
input[type="text"], input[type="number"], textarea, select {
  background: var(--_bg); border: 1px solid var(--_border); border-radius: 6px; padding: 0.2rem 0.45rem;
}
input[type="radio"] { accent-color: var(--_accent); }
button {
  background: var(--_surface); border: 1px solid var(--_border); border-radius: 6px; padding: 0.3rem 0.9rem; cursor: pointer;
}
button.primary { background: var(--_accent); color: var(--_bg); border-color: var(--_accent); font-weight: 700; }
button[disabled] { cursor: not-allowed; opacity: 0.55; }
input:focus-visible, select:focus-visible, button:focus-visible, textarea:focus-visible, .log:focus-visible, .hm-wrap:focus-visible {
  outline: 3px solid var(--_focus); outline-offset: 2px;
}
.buttons { display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 0.5rem 0; }
.status { margin: 0.3rem 0 0; min-height: 1.5em; font-variant-numeric: tabular-nums; }
.hint, .rate { color: var(--_muted); margin: 0.15rem 0; font-size: 0.9rem; font-variant-numeric: tabular-nums; }
.rate, [part=sample-caption] { min-height: 1.5em; }
progress { width: 100%; height: 0.8rem; accent-color: var(--_accent); }
progress.idle { visibility: hidden; }
.panels { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.8rem; margin-top: 0.6rem; }
h3 { font-size: 1em; margin: 0.2rem 0 0.3rem; }
figure { margin: 0; min-width: 0; }
svg.chart { width: 100%; height: auto; display: block; overflow: visible; }
svg.chart { max-width: 40rem; }
svg.chart text { fill: var(--_muted); font-size: 0.8rem; font-family: inherit; }
svg.chart .axis { stroke: var(--_border); stroke-width: 1; }
svg.chart .grid { stroke: var(--_grid); stroke-width: 1; }
svg.chart .uniform { stroke: var(--_muted); stroke-width: 1.2; stroke-dasharray: 2 3; }
svg.chart path { fill: none; stroke-width: 2; stroke-linejoin: round; stroke-linecap: round; }
svg.chart .train { stroke: var(--_accent); }
svg.chart .val { stroke: var(--_val); stroke-dasharray: 6 3; }
svg.chart .earlier { stroke: var(--_earlier); stroke-width: 1.4; opacity: 0.9; }
svg.chart .dot { stroke: none; }
svg.chart .dot.train { fill: var(--_accent); }
svg.chart .dot.val { fill: var(--_val); }
.keys { display: flex; flex-wrap: wrap; gap: 0.2rem 1rem; margin: 0.2rem 0 0; padding: 0; list-style: none; font-size: 0.9rem; color: var(--_muted); }
.keys .k { display: inline-block; width: 1.6rem; height: 0; border-top: 2px solid var(--_accent); vertical-align: middle; margin-right: 0.3rem; }
.keys .k.val { border-top: 2px dashed var(--_val); }
.keys .k.earlier { border-top: 2px solid var(--_earlier); }
.keys .k.uniform { border-top: 2px dotted var(--_muted); }
.log, .sample {
  font: 0.8rem/1.45 var(--_mono); background: var(--_surface);
  border: 1px solid var(--_border); border-radius: 6px; padding: 0.4rem 0.6rem; margin: 0;
  white-space: pre-wrap; overflow-wrap: anywhere; height: 12rem; overflow: auto;
}
.attention { margin-top: 0.8rem; }
.snip { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: end; margin: 0.3rem 0; }
.hm-wrap { overflow-x: auto; max-width: 100%; }
table.hm { border-collapse: separate; border-spacing: 2px; font-variant-numeric: tabular-nums; }
table.hm caption { text-align: left; color: var(--_muted); font-size: 0.9rem; padding-bottom: 0.2rem; }
table.hm th { font: 700 0.9rem var(--_mono); padding: 0.1rem 0.3rem; color: var(--_fg); }
table.hm th.corner { font: 0.8rem system-ui, sans-serif; color: var(--_muted); }
table.hm td { width: 2.6rem; height: 2.1rem; text-align: center; font-size: 0.7rem; border-radius: 3px; }
table.hm td.masked { background: var(--_surface); color: var(--_muted); }
table.hm.fine td { width: 3.3rem; }
/* The block models' layer × head grid of maps, and the per-layer spreads */
.maps { margin: 0.4rem 0 0.6rem; }
.maps[hidden] { display: none; }
.maps-row { display: flex; flex-wrap: wrap; gap: 0.35rem; margin-bottom: 0.35rem; }
button.map { display: inline-flex; flex-direction: column; align-items: center; gap: 0.15rem; padding: 0.25rem;
  min-width: 0; background: var(--_bg); color: var(--_fg); border: 1px solid var(--_border); border-radius: 4px; }
button.map[aria-pressed="true"] { border: 2px solid var(--_accent); padding: calc(0.25rem - 1px); }
button.map canvas { width: 3.2rem; height: 3.2rem; image-rendering: pixelated; display: block; }
.map-name { font: 0.7rem var(--_mono); }
table.spreads { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 0.8rem; }
table.spreads th, table.spreads td { padding: 0.15rem 0.6rem; text-align: right; border-bottom: 1px solid var(--_border); }
table.spreads caption { text-align: left; color: var(--_muted); font-size: 0.9rem; padding-bottom: 0.2rem; }
@media (max-width: 420px) {
  table.hm.fine td { width: 2.6rem; font-size: 0.6rem; }
  button.map canvas { width: 2.6rem; height: 2.6rem; }
  table.hm { border-spacing: 1px; }
  table.hm td { width: 2.1rem; height: 1.9rem; font-size: 0.66rem; }
  table.hm th { padding: 0.1rem 0.15rem; }
}
/* Copy as PyTorch / Download (pytorch-panel.ts) */
.pytorch { margin: 0.75rem 0 0.25rem; }
.pytorch .buttons { align-items: center; }
.pytorch a { color: var(--_accent); text-underline-offset: 2px; }
.pytorch a:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
${scrollEdges('.hm-wrap')}${SNIPPET_CSS}`;
