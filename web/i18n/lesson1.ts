// Reading the numbers of the √d_k experiment out of the engine's lesson-1
// output (the same text the NumPy script prints), and checking a seed typed
// by the reader. Pure functions.

import { parseSeed } from '../shared/parse';

export interface Variance {
  raw16: string;
  scaled16: string;
  raw512: string;
  scaled512: string;
  maxUnscaled: string;
  maxScaled: string;
}

const VAR_LINE = /^d_k=\s*(\d+)\s+var\(q·k\)=\s*(\S+)\s+var\(q·k\/sqrt\(d_k\)\)=(\S+)\s*$/;
const MAX_LINE = /^avg max weight\s+unscaled:\s*(\S+)\s+scaled:\s*(\S+)\s*$/;

export function parseVariance(text: string): Variance | null {
  const rows = new Map<string, [string, string]>();
  let max: [string, string] | null = null;
  for (const line of text.split('\n')) {
    const v = VAR_LINE.exec(line);
    if (v) rows.set(v[1]!, [v[2]!, v[3]!]);
    const m = MAX_LINE.exec(line);
    if (m) max = [m[1]!, m[2]!];
  }
  const a = rows.get('16');
  const b = rows.get('512');
  if (!a || !b || !max) return null;
  return { raw16: a[0], scaled16: a[1], raw512: b[0], scaled512: b[1], maxUnscaled: max[0], maxScaled: max[1] };
}

/** A seed 0 <= seed < 2^64 as a canonical decimal string, or null. */
export const parseSeedInput = (raw: string): string | null => parseSeed(raw, 1n << 64n);
