// Generation in the training loop's context (runner.ts): one decoder
// per run, stepped on request, each step turned into plain data the page can
// show (characters instead of ids, the ten likeliest next characters).
import type { Decoder, DecoderStep, StepOps, Trainer } from '../train/types';

/** What the page shows of one step. */
export interface GenStepView {
  /** The characters the model saw (the last block at most), position i at index i. */
  window: string[];
  chosen: string;
  /** The ten likeliest next characters, most likely first. */
  probs: { char: string; p: number }[];
  /** head model: the newest position's attention weights over the window. */
  attention?: number[];
  /** With the cache on: the largest difference between the cached and the recomputed logits. */
  diff?: number;
  /** Multiply-adds of this step: recomputing the window, and (cache on) with the cache. */
  ops: { recompute: number; cached?: number; recomputeParts: StepOps; cachedParts?: StepOps };
  /** The text is longer than the window: it has slid. */
  slid: boolean;
}

export const TOP_PROBS = 10;

export function stepView(r: DecoderStep, vocab: readonly string[]): GenStepView {
  const order = Array.from(r.probs.keys()).sort((a, b) => r.probs[b]! - r.probs[a]! || a - b).slice(0, TOP_PROBS);
  const v: GenStepView = {
    window: Array.from(r.window, (id) => vocab[id] ?? ''),
    chosen: vocab[r.chosen] ?? '',
    probs: order.map((id) => ({ char: vocab[id] ?? '', p: r.probs[id]! })),
    ops: { recompute: r.recompute.total, recomputeParts: r.recompute },
    slid: r.slid,
  };
  if (r.attention.length > 0) v.attention = Array.from(r.attention);
  if (r.compared) {
    v.diff = r.diff;
    v.ops.cached = r.cached.total;
    v.ops.cachedParts = r.cached;
  }
  return v;
}

/** The decoder of one run (a new start replaces it). */
export class Generation {
  #decoder: Decoder | null = null;
  #vocab: string[] = [];

  start(trainer: Trainer, context: string, cache: boolean, greedy: boolean, seed: string): void {
    this.free();
    this.#vocab = Array.from(trainer.vocab());
    this.#decoder = trainer.decoder(context, { cache: cache ? 'naive' : 'off', greedy, seed });
  }

  get started(): boolean {
    return this.#decoder !== null;
  }

  step(count: number): GenStepView[] {
    if (!this.#decoder) throw new Error('no generation started');
    const out: GenStepView[] = [];
    for (let i = 0; i < count; i++) out.push(stepView(this.#decoder.step(), this.#vocab));
    return out;
  }

  free(): void {
    try { this.#decoder?.delete(); } catch { /* its trainer is gone */ }
    this.#decoder = null;
  }
}
