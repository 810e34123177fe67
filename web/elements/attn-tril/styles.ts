// Styles of <attn-tril>, adopted as a constructable stylesheet (CSP-safe).
// Cell weights are drawn as a bar under the number (width from --w, set
// through the CSSOM), so the text always sits on the plain background.
import { BLANK_CSS } from '../../shared/blank';
import { SNIPPET_CSS } from '../../shared/snippet-control';
import { labHostCss, scrollEdges } from '../../shared/theme';

export const TRIL_CSS = `${labHostCss('--attn-tril-highlight')}.controls { display: flex; flex-wrap: wrap; gap: 0.5rem 1.2rem; align-items: center; margin: 0.4rem 0; }
.field { display: flex; flex-wrap: wrap; gap: 0.3rem 0.6rem; align-items: center; }
.check { display: inline-flex; gap: 0.35rem; align-items: center; cursor: pointer; }
input, select, button { font: inherit; color: inherit; }
input[type="range"] { accent-color: var(--_accent); min-width: 8rem; }
input[type="checkbox"], input[type="radio"] { accent-color: var(--_accent); width: 1.05rem; height: 1.05rem; }
select, button {
  background: var(--_surface); border: 1px solid var(--_border); border-radius: 6px; padding: 0.2rem 0.5rem;
}
button { cursor: pointer; }
input:focus-visible, select:focus-visible, button:focus-visible, summary:focus-visible {
  outline: 3px solid var(--_focus); outline-offset: 2px;
}
fieldset { border: 1px solid var(--_border); border-radius: 6px; padding: 0.3rem 0.7rem; margin: 0; }
legend { padding: 0 0.3rem; }
output { font-variant-numeric: tabular-nums; font-weight: 700; }
.reading { color: var(--_muted); margin: 0.3rem 0; font-size: 0.9rem; }
.grids { display: flex; flex-wrap: wrap; gap: 0.8rem 1.4rem; align-items: flex-start; }
.scroll { max-width: 100%; overflow-x: auto; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 0.8rem; }
caption { text-align: start; font-weight: 700; font-size: 0.9rem; padding-bottom: 0.2rem; caption-side: top; }
th, td { padding: 0.1rem 0.3rem; text-align: end; border: 1px solid var(--_border); }
th { color: var(--_muted); background: var(--_surface); }
td.w { position: relative; min-width: 3.3rem; padding-bottom: 0.3rem; }
td.w::after {
  content: ""; position: absolute; left: 0; bottom: 0; height: 0.2rem;
  width: calc(var(--w, 0) * 100%); background: var(--_accent);
}
tr.hl td, tr.hl th { background: var(--_hl); }
td.masked { color: var(--_muted); }
.bars { display: grid; grid-template-columns: auto 1fr auto; gap: 0.2rem 0.5rem; align-items: center; max-width: 28rem; }
.bar { height: 0.9rem; background: var(--_surface); border: 1px solid var(--_border); border-radius: 3px; overflow: hidden; }
.bar > span { display: block; height: 100%; width: calc(var(--w, 0) * 100%); background: var(--_accent); }
${BLANK_CSS}.verdict { font-weight: 700; }
pre { border: 1px solid var(--_border); border-radius: 6px; padding: 0.5rem; overflow-x: auto; font-size: 0.8rem; }
.copy-row { display: flex; gap: 0.6rem; align-items: center; margin-top: 0.5rem; }
${scrollEdges('.scroll')}${scrollEdges('pre', 'var(--_surface)')}${SNIPPET_CSS}`;
