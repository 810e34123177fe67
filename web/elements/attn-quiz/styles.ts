// Styles of <attn-quiz>, adopted as a constructable stylesheet (CSP-safe).
// Every colour goes through an --attn-* custom property with light and dark
// defaults chosen for WCAG AA contrast on the default backgrounds.
import { HOST_BASE, PALETTE_DARK, PALETTE_LIGHT } from '../../shared/theme';

export const QUIZ_CSS = `
:host {${PALETTE_LIGHT}
  --_correct: var(--attn-correct, #0b6b2f);
  --_correct-bg: var(--attn-correct-bg, #e3f4e8);
  --_wrong: var(--attn-wrong, #a3141b);
  --_wrong-bg: var(--attn-wrong-bg, #fbe5e6);${HOST_BASE}
  line-height: 1.55;
}
@media (prefers-color-scheme: dark) {
  :host {${PALETTE_DARK}
    --_correct: var(--attn-correct, #7ee2a0);
    --_correct-bg: var(--attn-correct-bg, #13301e);
    --_wrong: var(--attn-wrong, #ff9da1);
    --_wrong-bg: var(--attn-wrong-bg, #3a1518);
  }
}
:host([hidden]) { display: none; }
[hidden] { display: none !important; }
* { box-sizing: border-box; }
.quiz { padding: 0.25rem 0; }
h2 { font-size: 1.15rem; margin: 0 0 0.4rem; }
h3 { font-size: 1em; margin: 1.5rem 0 0.4rem; }
p { margin: 0.3rem 0; }
.hint, .progress { color: var(--_muted); font-size: 0.9rem; }
ol.questions { list-style: none; padding: 0; margin: 0.8rem 0 0; }
.question { border: 1px solid var(--_border); border-radius: 8px; padding: 0.8rem 1rem; margin: 0 0 0.9rem; background: var(--_bg); }
.qlabel { color: var(--_muted); font-size: 0.8rem; margin: 0; }
.prompt { font-weight: 700; margin: 0.2rem 0 0.6rem; white-space: pre-wrap; overflow-wrap: anywhere; }
.options { display: grid; gap: 0.4rem; }
.option {
  display: flex; gap: 0.6rem; align-items: flex-start;
  border: 1px solid var(--_border); border-radius: 6px; padding: 0.45rem 0.7rem;
  background: var(--_surface); color: var(--_fg); cursor: pointer;
  overflow-wrap: anywhere; white-space: pre-wrap;
}
.option:hover { border-color: var(--_accent); }
.options[aria-disabled="true"] .option { cursor: default; }
.options[aria-disabled="true"] .option:hover { border-color: var(--_border); }
.option:focus-visible, .feedback:focus-visible, .summary:focus-visible, a:focus-visible, button:focus-visible, textarea:focus-visible {
  outline: 3px solid var(--_focus); outline-offset: 2px;
}
.option:focus { outline: 3px solid var(--_focus); outline-offset: 2px; }
.feedback:focus:not(:focus-visible), .summary:focus:not(:focus-visible) { outline: none; }
.letter { font-weight: 700; min-width: 1.4em; }
.otext { flex: 1; }
.mark { font-size: 0.8rem; font-weight: 700; white-space: nowrap; }
.option.is-correct { border-color: var(--_correct); border-width: 2px; background: var(--_correct-bg); }
.option.is-correct .mark { color: var(--_correct); }
.option.is-wrong { border-color: var(--_wrong); border-width: 2px; background: var(--_wrong-bg); }
.option.is-wrong .mark { color: var(--_wrong); }
.feedback { margin-top: 0.7rem; padding: 0.6rem 0.8rem; border-radius: 6px; border-left: 4px solid var(--_border); background: var(--_surface); }
.feedback.is-correct { border-left-color: var(--_correct); }
.feedback.is-wrong { border-left-color: var(--_wrong); }
.verdict { font-weight: 700; }
.feedback.is-correct .verdict { color: var(--_correct); }
.feedback.is-wrong .verdict { color: var(--_wrong); }
.explanation { white-space: pre-wrap; overflow-wrap: anywhere; }
a { color: var(--_accent); text-underline-offset: 2px; }
button {
  font: inherit; color: var(--_bg); background: var(--_accent); border: 1px solid var(--_accent);
  border-radius: 6px; padding: 0.4rem 0.9rem; cursor: pointer; margin-top: 0.4rem;
}
button.secondary { color: var(--_accent); background: transparent; }
.summary { border: 2px solid var(--_accent); border-radius: 8px; padding: 0.8rem 1rem; margin: 0.5rem 0 1rem; }
.score { font-size: 1.15rem; font-weight: 700; }
.missed { margin: 0.4rem 0; padding-left: 1.2rem; }
.missed li { margin: 0.35rem 0; overflow-wrap: anywhere; }
.missed-label { font-weight: 700; }
.missed .section-link { white-space: normal; }
.sr-only {
  position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0;
  overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; border: 0;
}
.open-item { border: 1px solid var(--_border); border-radius: 8px; padding: 0.8rem 1rem; margin: 0 0 0.9rem; }
label { display: block; font-size: 0.9rem; color: var(--_muted); margin-top: 0.4rem; }
textarea {
  width: 100%; min-height: 6rem; font: inherit; color: var(--_fg); background: var(--_bg);
  border: 1px solid var(--_border); border-radius: 6px; padding: 0.4rem 0.6rem; resize: vertical;
}
.model { margin-top: 0.6rem; padding: 0.6rem 0.8rem; background: var(--_surface); border-radius: 6px; white-space: pre-wrap; overflow-wrap: anywhere; }
.model-title { font-weight: 700; }
.error { border: 2px solid var(--_wrong); border-radius: 8px; padding: 0.8rem 1rem; background: var(--_wrong-bg); color: var(--_fg); overflow-wrap: anywhere; }
.error-title { font-weight: 700; color: var(--_wrong); }
.error ul { margin: 0.4rem 0 0; padding-left: 1.2rem; }
.loading { color: var(--_muted); }
@media (prefers-reduced-motion: reduce) {
  * { transition: none !important; animation: none !important; scroll-behavior: auto !important; }
}
@media (forced-colors: active) {
  .option.is-correct, .option.is-wrong { border-style: double; border-width: 4px; }
}
`;
