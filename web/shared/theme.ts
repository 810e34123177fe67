// The palette shared by the elements' stylesheets: each token is themeable
// through an --attn-* custom property, with light and dark defaults chosen for
// WCAG AA contrast on the default backgrounds. Interpolated into each
// element's :host rules (CSS text, so the result is one constructable sheet).

/** Declarations for `:host` (light defaults). */
export const PALETTE_LIGHT = `
  --_fg: var(--attn-fg, #1b1d22);
  --_bg: var(--attn-bg, #ffffff);
  --_muted: var(--attn-muted, #4f5563);
  --_border: var(--attn-border, #8a909c);
  --_surface: var(--attn-surface, #f3f4f7);
  --_accent: var(--attn-accent, #1d4ed8);
  --_focus: var(--attn-focus, #1d4ed8);`;

/** Declarations for `:host` inside `@media (prefers-color-scheme: dark)`. */
export const PALETTE_DARK = `
    --_fg: var(--attn-fg, #e7e9ee);
    --_bg: var(--attn-bg, #16181d);
    --_muted: var(--attn-muted, #b4b9c4);
    --_border: var(--attn-border, #7c8391);
    --_surface: var(--attn-surface, #22252c);
    --_accent: var(--attn-accent, #93b4ff);
    --_focus: var(--attn-focus, #93b4ff);`;

/**
 * The host's text colour, background and font, and the font of its code
 * (`--_mono`). Each stack names the face each system has first (system-ui, the
 * system's monospace), so a browser matches few names per size: every name
 * it has to look up before the one it finds costs a lookup per size and weight.
 */
export const HOST_BASE = `
  display: block;
  color: var(--_fg);
  background: var(--_bg);
  --_mono: var(--attn-font-mono, ui-monospace, Menlo, Consolas, monospace);
  font-family: var(--attn-font, system-ui, "PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif);`;

/**
 * Edge shadows for boxes that scroll sideways (`selector`, drawn on `bg`): a
 * shadow at an edge with more content beyond it. Each cover scrolls with the
 * content and is solid across its shadow, so an edge with nothing beyond it,
 * or a box that fits, shows none. Sets the box's background.
 */
export const scrollEdges = (selector: string, bg = 'var(--_bg)'): string => `
${selector} {
  --_edge: #0006;
  background: linear-gradient(90deg, ${bg} 1em, #0000) left / 2em 100% no-repeat local,
    linear-gradient(270deg, ${bg} 1em, #0000) right / 2em 100% no-repeat local,
    radial-gradient(farthest-side at 0, var(--_edge), #0000) left / 1em 100% no-repeat,
    radial-gradient(farthest-side at 100%, var(--_edge), #0000) right / 1em 100% no-repeat, ${bg};
}
@media (prefers-color-scheme: dark) { ${selector} { --_edge: #fff7; } }`;

/**
 * The start of the torch elements' sheets (<attn-tril>, <attn-heads>): the
 * host with the palette, the error and highlight colours (`highlight` names
 * the element's own custom property for the latter), the status line and the
 * message box.
 */
export const labHostCss = (highlight: string): string => `
:host {${PALETTE_LIGHT}
  --_error: var(--attn-error, #a3141b);
  --_error-bg: var(--attn-error-bg, #fbe5e6);
  --_hl: var(${highlight}, #fff3c4);${HOST_BASE}
  line-height: 1.5;
}
@media (prefers-color-scheme: dark) {
  :host {${PALETTE_DARK}
    --_error: var(--attn-error, #ff9da1);
    --_error-bg: var(--attn-error-bg, #3a1518);
    --_hl: var(${highlight}, #4a3f12);
  }
}
:host([hidden]) { display: none; }
[hidden] { display: none !important; }
* { box-sizing: border-box; }
.status { color: var(--_muted); margin: 0.3rem 0; min-height: 1.5em; }
.message {
  color: var(--_error); background: var(--_error-bg); border: 1px solid var(--_error);
  border-radius: 6px; padding: 0.4rem 0.7rem; margin: 0.4rem 0;
}
.message p { margin: 0.15rem 0; overflow-wrap: anywhere; }
section { margin: 0.6rem 0 1rem; }
h3 { font-size: 1.15rem; margin: 0.6rem 0 0.4rem; }
`;
