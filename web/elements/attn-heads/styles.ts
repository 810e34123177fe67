// Styles of <attn-heads>, adopted as a constructable stylesheet (CSP-safe).
// A mini heatmap's cell shade comes from --w, set through the CSSOM.
import { BLANK_CSS } from '../../shared/blank';
import { SNIPPET_CSS } from '../../shared/snippet-control';
import { labHostCss, scrollEdges } from '../../shared/theme';

export const HEADS_CSS = `${labHostCss('--attn-heads-highlight')}.reading { color: var(--_muted); margin: 0.3rem 0; font-size: 0.9rem; }
.mono { font-family: var(--_mono); }
input, select, button { font: inherit; color: inherit; }
select, button {
  background: var(--_surface); border: 1px solid var(--_border); border-radius: 6px; padding: 0.2rem 0.5rem;
}
button { cursor: pointer; }
select:focus-visible, button:focus-visible, summary:focus-visible, [role="gridcell"]:focus-visible {
  outline: 3px solid var(--_focus); outline-offset: 2px;
}
.heads { display: grid; gap: 0.5rem; }
.heads [role="row"] { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.heads [role="gridcell"] {
  border: 2px solid var(--_border); border-radius: 6px; padding: 0.2rem; cursor: pointer; background: var(--_bg);
}
.heads [role="gridcell"][aria-selected="true"] { border-color: var(--_accent); background: var(--_hl); }
.mini { display: grid; gap: 1px; width: 4.5rem; height: 4.5rem; }
.mini span { position: relative; background: var(--_surface); }
.mini span::after { content: ""; position: absolute; inset: 0; background: var(--_accent); opacity: var(--w, 0); }
.mini span.masked { background: repeating-linear-gradient(45deg, var(--_surface) 0 3px, var(--_border) 3px 4px); }
.mini span.masked::after { display: none; }
.hname { display: block; font-size: 0.8rem; color: var(--_muted); text-align: center; }
.scroll { max-width: 100%; overflow-x: auto; }
.tables { display: flex; flex-wrap: wrap; gap: 0.8rem 1.4rem; align-items: flex-start; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 0.8rem; }
caption { text-align: start; font-weight: 700; font-size: 0.9rem; padding-bottom: 0.2rem; caption-side: top; }
th, td { padding: 0.1rem 0.3rem; text-align: end; border: 1px solid var(--_border); white-space: nowrap; }
th { color: var(--_muted); background: var(--_surface); }
${BLANK_CSS}.verdict { font-weight: 700; }
pre { border: 1px solid var(--_border); border-radius: 6px; padding: 0.5rem; overflow-x: auto; font-size: 0.8rem; }
.copy-row { display: flex; flex-wrap: wrap; gap: 0.6rem; align-items: center; margin-top: 0.5rem; }
.field { display: flex; flex-wrap: wrap; gap: 0.3rem 0.6rem; align-items: center; }
${scrollEdges('.scroll')}${scrollEdges('pre', 'var(--_surface)')}${SNIPPET_CSS}`;
