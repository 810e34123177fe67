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

/** The host's text colour, background and font. */
export const HOST_BASE = `
  display: block;
  color: var(--_fg);
  background: var(--_bg);
  font-family: var(--attn-font, system-ui, -apple-system, "PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif);`;
