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
 * The board's CSS width painted for when no ResizeObserver has reported it (the board's full
 * size at the default font size): a board not laid out, or no observer at all.
 */
export const BOARD_FALLBACK_PX = 352;

/**
 * When a heatmap's canvases are painted, and for which width. The width comes from a
 * ResizeObserver: reading it in a render would force the page's layout. A paint asked for
 * before the board has been laid out (the first render, or one while the element is hidden)
 * waits for the observer's report, which comes after the frame's layout, with the styles up
 * to date (reading the colours then costs nothing) and at the board's real width: one paint,
 * in that frame. Not laid out by the second frame (hidden, or no layout at all), or no frames
 * within 250 ms (a background tab), it paints at the fallback width, and again when the
 * observer reports a width.
 */
export class BoardWatch {
  #size = 0;
  #paintedFor = 0;
  #due = false;
  #observer: ResizeObserver | null = null;

  /** `paint(width)` draws the canvases; `paintedLate()` follows a paint that `request` put off. */
  constructor(private readonly paint: (width: number) => void, private readonly paintedLate: () => void) {}

  /** A paint is waiting for the board's width. */
  get due(): boolean { return this.#due; }

  observe(board: Element): void {
    if (typeof ResizeObserver !== 'function' || this.#observer) return;
    this.#observer = new ResizeObserver((entries) => {
      this.#size = Math.round(entries[0]?.contentRect.width ?? 0);
      if (!this.#size) return;
      if (this.#due) this.#paintLate();
      else if (this.#paintedFor !== 0 && this.#size !== this.#paintedFor) this.#paintNow();
    });
    this.#observer.observe(board);
  }

  disconnect(): void {
    this.#observer?.disconnect();
    this.#observer = null;
  }

  /** Paints now if the board's width is known, else when it is (see the class). */
  request(): void {
    if (!this.#observer || this.#size) { this.#paintNow(); return; }
    if (this.#due) return;
    this.#due = true;
    const fallback = () => { if (this.#due) this.#paintLate(); };
    requestAnimationFrame(() => requestAnimationFrame(fallback));
    setTimeout(fallback, 250);
  }

  /** Paints again if the width painted for is no longer the board's. */
  refresh(): void {
    if (this.#paintedFor !== this.#width) this.request();
  }

  /** The width to paint for: the board's, or the fallback's until it is known. */
  get #width(): number { return this.#size || BOARD_FALLBACK_PX; }

  #paintNow(): void {
    this.#due = false;
    const width = this.#width;
    this.paint(width);
    this.#paintedFor = width;
  }

  #paintLate(): void {
    this.#paintNow();
    this.paintedLate();
  }
}

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
