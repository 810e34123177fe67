// The heatmap's canvas: one colour per weight from the colour ramp, a hatch on
// masked cells, and the value printed in cells large enough to read it.
import { buildLut, fmt, lutIndex } from './readouts';
import type { Panel, PanelData } from './panel';

export interface CanvasColors { bg: string; masked: string; hatch: string }

let lut: ReturnType<typeof buildLut> | null = null;

/** The canvas colours, from the element's computed style (they follow the colour scheme). */
export function canvasColors(el: Element): CanvasColors {
  const cs = getComputedStyle(el);
  const get = (name: string, fallback: string) => cs.getPropertyValue(name).trim() || fallback;
  return { bg: get('--_bg', '#ffffff'), masked: get('--_masked', '#ffffff'), hatch: get('--_hatch', '#5f6672') };
}

/**
 * The board's CSS width painted for before the ResizeObserver has reported it (the board's
 * full size at the default font size). Reading the width instead would force the page's layout
 * in the middle of a frame's renders; the observer reports it in that frame's layout, and a
 * board of another width is painted again in the next frame.
 */
export const BOARD_FALLBACK_PX = 352;

/** Paints panels; keeps the hatch pattern of masked cells between paints. */
export class Painter {
  #pattern: { key: string; pattern: CanvasPattern | null } | null = null;

  /** Paints `d` on `p`'s canvas for a board `css` pixels wide. */
  paint(p: Panel, d: PanelData, colors: CanvasColors, css: number): void {
    const T = p.T;
    const dpr = Math.max(1, Math.min(4, globalThis.devicePixelRatio || 1));
    const W = Math.max(T, Math.round(css * dpr));
    if (p.canvas.width !== W || p.canvas.height !== W) { p.canvas.width = W; p.canvas.height = W; }
    const ctx = p.canvas.getContext('2d');
    if (!ctx) return;
    lut ??= buildLut();
    ctx.fillStyle = colors.bg;
    ctx.fillRect(0, 0, W, W);
    const gap = W / T >= 6 * dpr ? Math.max(1, Math.round(dpr)) : 0;
    const hatch = this.#hatch(ctx, dpr, colors);
    const cellCss = css / T;
    const showValues = cellCss >= 34;
    if (showValues) {
      ctx.font = `${Math.round(Math.min(13, cellCss * 0.3) * dpr)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
    }
    for (let i = 0; i < T; i++) {
      const y0 = Math.round((i * W) / T);
      const y1 = Math.round(((i + 1) * W) / T);
      for (let j = 0; j < T; j++) {
        const n = i * T + j;
        const x0 = Math.round((j * W) / T);
        const x1 = Math.round(((j + 1) * W) / T);
        const masked = d.scores[n] === -Infinity;
        if (masked) {
          ctx.fillStyle = colors.masked;
          ctx.fillRect(x0, y0, x1 - x0 - gap, y1 - y0 - gap);
          ctx.fillStyle = hatch ?? colors.hatch;
          ctx.fillRect(x0, y0, x1 - x0 - gap, y1 - y0 - gap);
        } else {
          const li = lutIndex(d.weights[n]);
          ctx.fillStyle = lut.fill[li];
          ctx.fillRect(x0, y0, x1 - x0 - gap, y1 - y0 - gap);
          if (showValues) {
            ctx.fillStyle = lut.ink[li];
            ctx.fillText(fmt(d.weights[n], 2), (x0 + x1 - gap) / 2, (y0 + y1 - gap) / 2);
          }
        }
      }
    }
  }

  #hatch(ctx: CanvasRenderingContext2D, dpr: number, colors: CanvasColors): CanvasPattern | null {
    const key = `${dpr}|${colors.masked}|${colors.hatch}`;
    if (this.#pattern?.key === key) return this.#pattern.pattern;
    const size = Math.max(4, Math.round(5 * dpr));
    const tile = document.createElement('canvas');
    tile.width = size;
    tile.height = size;
    const t = tile.getContext('2d');
    let pattern: CanvasPattern | null = null;
    if (t) {
      t.fillStyle = colors.masked;
      t.fillRect(0, 0, size, size);
      t.strokeStyle = colors.hatch;
      t.lineWidth = Math.max(1, 1.3 * dpr);
      t.beginPath();
      // diagonal lines that tile seamlessly
      t.moveTo(0, size); t.lineTo(size, 0);
      t.moveTo(-size / 2, size / 2); t.lineTo(size / 2, -size / 2);
      t.moveTo(size / 2, size * 1.5); t.lineTo(size * 1.5, size / 2);
      t.stroke();
      pattern = ctx.createPattern(tile, 'repeat');
    }
    this.#pattern = { key, pattern };
    return pattern;
  }
}
