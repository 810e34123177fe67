// The heatmap's colour ramp for attention weights in [0, 1]: a sequential
// blue from near-white to deep blue, with the ink (black or white) of higher
// contrast on each fill.

const LO = [247, 251, 255];
const MID = [107, 174, 214];
const HI = [8, 48, 107];

function lin(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

function luminance(rgb: readonly number[]): number {
  return 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2]);
}

/** The ramp's [r, g, b] (0–255) for a weight w (clamped to [0, 1]; NaN as 0). */
export function rampRgb(w: number): number[] {
  const x = Number.isFinite(w) ? Math.min(1, Math.max(0, w)) : 0;
  const [a, b, t] = x < 0.5 ? [LO, MID, x / 0.5] : [MID, HI, (x - 0.5) / 0.5];
  return a.map((v, i) => Math.round(v + (b[i] - v) * t));
}

/** fill and ink for a weight w (clamped to [0, 1]; NaN as 0). */
export function rampColor(w: number): { fill: string; ink: string } {
  const rgb = rampRgb(w);
  const L = luminance(rgb);
  // contrast with black (L + 0.05) / 0.05 vs with white 1.05 / (L + 0.05)
  const ink = (L + 0.05) / 0.05 >= 1.05 / (L + 0.05) ? '#000' : '#fff';
  return { fill: `rgb(${rgb[0]},${rgb[1]},${rgb[2]})`, ink };
}
