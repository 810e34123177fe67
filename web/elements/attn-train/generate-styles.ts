// Styles of <attn-train>'s generation panel (added to the element's sheet).
export const GEN_CSS = `
.generate { margin-top: 0.8rem; border-top: 1px solid var(--_border); padding-top: 0.6rem; }
.generate h4 { font-size: 0.9rem; margin: 0.5rem 0 0.25rem; }
.gen-controls textarea { min-height: 2.6rem; width: 16rem; max-width: 100%; }
.gen-message {
  color: var(--_error); background: var(--_error-bg); border: 1px solid var(--_error);
  border-radius: 6px; padding: 0.4rem 0.7rem; margin: 0.4rem 0; overflow-wrap: anywhere;
}
.gen-text {
  font: 0.8rem/1.45 var(--_mono); background: var(--_surface);
  border: 1px solid var(--_border); border-radius: 6px; padding: 0.4rem 0.6rem; margin: 0;
  white-space: pre-wrap; overflow-wrap: anywhere; max-height: 10rem; overflow: auto;
}
.gen-text mark { background: var(--_accent); color: var(--_bg); }
table.gen-win td { height: 1.6rem; }
table.gen-win td.ch { font: 700 0.9rem var(--_mono); background: var(--_surface); }
.gen-cols { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; }
.gen-cols > div { min-width: 0; }
.gen-probs { list-style: none; padding: 0; margin: 0; font-variant-numeric: tabular-nums; }
.gen-probs li { display: grid; grid-template-columns: 1.6rem minmax(3rem, 10rem) 3.4rem auto; gap: 0.4rem; align-items: center; }
.gen-probs .model { color: var(--_muted); font-size: 0.8rem; white-space: nowrap; }
.gen-probs li.chosen { font-weight: 700; }
.gen-probs .ch { font-family: var(--_mono); text-align: center; }
.gen-probs .track { height: 0.7rem; background: var(--_surface); border: 1px solid var(--_border); border-radius: 3px; overflow: hidden; }
.gen-probs .bar { display: block; height: 100%; background: var(--_accent); }
.gen-probs .p { text-align: right; }
.gen-chosen { margin: 0.3rem 0; font-weight: 700; }
.gen-ops { margin: 0.2rem 0; padding-left: 1.2rem; font-variant-numeric: tabular-nums; }
.gen-diff { font-variant-numeric: tabular-nums; margin: 0.2rem 0; }
.gen-diff.drift { color: var(--_error); font-weight: 700; }
a { color: var(--_accent); }
a:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
input[type="checkbox"] { accent-color: var(--_accent); }
`;
