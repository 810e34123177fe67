// @ts-check
// Python's '%.4f' (and PyTorch's 4-decimal printing): written once for the
// training log lines, the tril lab and the heads grid.

/**
 * `v` with 4 decimals as Python prints it: an exact tie rounds to even (toFixed
 * would round it up); NaN and the infinities as `nan`, `inf`, `-inf`. A double
 * is an exact tie at 4 decimals only when it is an odd number of 32nds
 * ((2k + 1) / 20000 with 5⁴ dividing 2k + 1), which 32 · v tells exactly.
 * @param {number} v
 * @returns {string}
 */
export function fixed4(v) {
  if (Number.isNaN(v)) return 'nan';
  if (v === Infinity) return 'inf';
  if (v === -Infinity) return '-inf';
  const t = v * 32;
  if (Number.isInteger(t) && Math.abs(t) % 2 === 1) {
    const scaled = v * 1e4; // m · 312.5: exact
    const fl = Math.floor(scaled);
    const n = fl % 2 === 0 ? fl : fl + 1;
    const a = Math.abs(n);
    return `${n < 0 || (n === 0 && v < 0) ? '-' : ''}${Math.floor(a / 1e4)}.${String(a % 1e4).padStart(4, '0')}`;
  }
  return v.toFixed(4);
}
