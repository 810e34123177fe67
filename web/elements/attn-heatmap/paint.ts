// The heatmap's picture. The canvas holds T × T pixels, one per weight in the
// colour ramp's colour, and CSS scales it to the board (`image-rendering:
// pixelated`, styles.ts). What sits on it is the grid's cells (panel.ts): the
// gap between cells, the hatch on masked cells and the values, which a
// container query shows where a cell is large enough to read them. A paint
// writes T² pixels whatever the board's size and the screen's pixel ratio,
// reads no layout and no computed style, and follows the colour scheme by CSS.
import { buildLut, lutIndex, weightRgb } from './readouts';

let ramp: Uint8ClampedArray | null = null; // 256 colours, r g b
let light: boolean[] | null = null; // the ink on each of them is white

/** The ramp's colour for each of the 256 steps of a weight, as bytes. */
function rampRgb(): Uint8ClampedArray {
  if (ramp) return ramp;
  ramp = new Uint8ClampedArray(256 * 3);
  for (let i = 0; i < 256; i++) ramp.set(weightRgb(i / 255), i * 3);
  return ramp;
}

/** Whether a value printed on weight `w`'s colour is white (else black): the one with more contrast. */
export function lightInk(w: number): boolean {
  light ??= buildLut().ink.map((c) => c === '#fff');
  return light[lutIndex(w)]!;
}

/**
 * Paints `weights` (T × T, row-major) on `canvas`, one pixel per weight; the pixel of a
 * masked cell (its score -Infinity) is left clear, and its cell shows the hatch.
 */
export function paintWeights(canvas: HTMLCanvasElement, T: number, weights: Float64Array, scores: Float64Array): void {
  if (canvas.width !== T) canvas.width = T;
  if (canvas.height !== T) canvas.height = T;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const lut = rampRgb();
  const img = ctx.createImageData(T, T);
  const px = img.data;
  for (let n = 0; n < T * T; n++) {
    if (scores[n] === -Infinity) continue; // transparent
    const c = lutIndex(weights[n]!) * 3;
    px[n * 4] = lut[c]!;
    px[n * 4 + 1] = lut[c + 1]!;
    px[n * 4 + 2] = lut[c + 2]!;
    px[n * 4 + 3] = 255;
  }
  ctx.putImageData(img, 0, 0);
}
