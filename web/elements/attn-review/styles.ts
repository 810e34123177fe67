import { HOST_BASE, PALETTE_DARK, PALETTE_LIGHT } from '../../shared/theme';

// The shared palette (web/shared/theme.ts: --attn-fg, -bg, -muted, -border,
// -surface, -accent, -focus, -font) plus the review's own tokens.
export const REVIEW_CSS = `
:host {${PALETTE_LIGHT}
  --_accent-fg: var(--attn-accent-fg, #ffffff);
  --_due: var(--attn-due, #9a3412);
  --_ok: var(--attn-ok, #166534);
  --_bad: var(--attn-bad, #b42318);
  --_note-bg: var(--attn-note-bg, #fff7e0);
  --_radius: var(--attn-radius, 8px);${HOST_BASE}
  line-height: 1.5;
  border: 1px solid var(--_border);
  border-radius: var(--_radius);
  padding: 1rem 1.25rem;
}
@media (prefers-color-scheme: dark) {
  :host {${PALETTE_DARK}
    --_accent-fg: var(--attn-accent-fg, #0b1a33);
    --_due: var(--attn-due, #fdba74);
    --_ok: var(--attn-ok, #86efac);
    --_bad: var(--attn-bad, #fca5a5);
    --_note-bg: var(--attn-note-bg, #3a2f12);
  }
}
:host([hidden]) { display: none; }
h2, h3 { margin: 0 0 .5rem; line-height: 1.3; }
h2 { font-size: 1.15rem; }
h3 { font-size: 1em; }
h2:focus, h3:focus { outline: none; }
h2:focus-visible, h3:focus-visible { outline: 2px solid var(--_focus); outline-offset: 2px; }
p { margin: .4rem 0; }
.muted { color: var(--_muted); }
.due { color: var(--_due); font-weight: 700; }
.due-banner {
  margin: 0 0 .75rem; padding: .55rem .8rem; border-radius: 6px; border-left: 4px solid var(--_due);
  background: var(--_note-bg); font-weight: 700; overflow-wrap: anywhere;
}
.due-banner button { margin: .25rem 0 0; }
[part~="notice"] { background: var(--_note-bg); border-left: 4px solid var(--_due); padding: .5rem .75rem; margin: 0 0 .75rem; border-radius: 4px; }
[part~="error"] { color: var(--_bad); }
button {
  font: inherit; cursor: pointer; border-radius: 6px; padding: .4rem .9rem; margin: .25rem .5rem .25rem 0;
  border: 1px solid var(--_accent); background: transparent; color: var(--_accent);
}
button.primary { background: var(--_accent); color: var(--_accent-fg); }
button:focus-visible, input:focus-visible, textarea:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
button:disabled, button[aria-disabled="true"] { opacity: .6; cursor: default; }
ol, ul { padding-left: 1.4rem; margin: .4rem 0; }
ul.items { list-style: none; padding: 0; }
ul.items li { display: flex; flex-wrap: wrap; gap: .25rem 1rem; align-items: baseline; padding: .4rem 0; border-bottom: 1px solid var(--_border); }
.badge { font-size: .8rem; border: 1px solid currentColor; border-radius: 999px; padding: 0 .5rem; }
label.line { display: block; margin: .6rem 0 .2rem; font-weight: 700; }
textarea {
  box-sizing: border-box; width: 100%; min-height: 2.4rem; font: .9rem/1.4 var(--_mono);
  color: var(--_fg); background: var(--_bg); border: 1px solid var(--_border); border-radius: 4px; padding: .3rem .5rem; resize: vertical;
}
code.ref { display: block; font: .9rem/1.4 var(--_mono); padding: .25rem .5rem; margin: .25rem 0; border-left: 3px solid var(--_ok); white-space: pre-wrap; overflow-wrap: anywhere; }
.ok { color: var(--_ok); font-weight: 700; }
.bad { color: var(--_bad); font-weight: 700; }
fieldset { border: 1px solid var(--_border); border-radius: 6px; margin: .5rem 0; padding: .5rem .75rem; }
legend { font-weight: 700; padding: 0 .25rem; }
fieldset label { display: block; padding: .2rem 0; cursor: pointer; }
[part~="progress"] { margin-top: 1rem; padding-top: .5rem; border-top: 1px solid var(--_border); }
[part~="progress"] h3 { font-size: .9rem; }
@media (prefers-reduced-motion: no-preference) {
  button { transition: background-color .15s ease, color .15s ease; }
}
`;
