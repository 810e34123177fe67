// Generation in the training loop's context (runner.ts): one decoder
// per run, stepped on request, each step turned into plain data the page can
// show (characters instead of ids, the ten likeliest next characters).
import type { Decoder, DecoderStep, StepOps, Trainer } from '../train/types';

/** What the page shows of one step. */
export interface GenStepView {
  /** The characters the model saw (the last block at most), position i at index i. */
  window: string[];
  chosen: string;
  /**
   * The ten likeliest next characters under the distribution the choice came from, most likely
   * first; `model`: the model's own probability, when temperature or top-k changed it.
   */
  probs: { char: string; p: number; model?: number }[];
  /** head model: the newest position's attention weights over the window. */
  attention?: number[];
  /** With the cache on: the largest difference between the cached and the recomputed logits. */
  diff?: number;
  /** With the cache on: the keys and values it holds after the step, floats = 2 × layers × heads × T × headSize. */
  cache?: { floats: number; layers: number; heads: number; headSize: number };
  /** Multiply-adds of this step: recomputing the window, and (cache on) with the cache. */
  ops: { recompute: number; cached?: number; recomputeParts: StepOps; cachedParts?: StepOps };
  /** The text is longer than the window: it has slid. */
  slid: boolean;
}

export const TOP_PROBS = 10;

/** n_embd and heads per layer of the model (heads × head size = n_embd). */
export interface CacheShape { embd: number; heads: number }

export function stepView(r: DecoderStep, vocab: readonly string[], shape: CacheShape = { embd: 1, heads: 1 }): GenStepView {
  const base = r.modelProbs.length > 0 ? r.modelProbs : r.probs;
  // by the drawn-from probability, then (a top-k cut leaves zeros) by the model's
  const order = Array.from(r.probs.keys()).sort((a, b) => r.probs[b]! - r.probs[a]! || base[b]! - base[a]! || a - b).slice(0, TOP_PROBS);
  const v: GenStepView = {
    window: Array.from(r.window, (id) => vocab[id] ?? ''),
    chosen: vocab[r.chosen] ?? '',
    probs: order.map((id) => ({ char: vocab[id] ?? '', p: r.probs[id]!, ...(r.modelProbs.length > 0 ? { model: r.modelProbs[id]! } : {}) })),
    ops: { recompute: r.recompute.total, recomputeParts: r.recompute },
    slid: r.slid,
  };
  if (r.attention.length > 0) v.attention = Array.from(r.attention);
  if (r.compared) {
    v.diff = r.diff;
    v.ops.cached = r.cached.total;
    v.ops.cachedParts = r.cached;
  }
  if (r.cacheFloats > 0) {
    // layers from the engine's count: the rule (which models stack blocks) stays in the engine
    const layers = r.cacheFloats / (2 * r.window.length * shape.embd);
    v.cache = { floats: r.cacheFloats, layers, heads: shape.heads, headSize: shape.embd / shape.heads };
  }
  return v;
}

/** The decoder of one run (a new start replaces it). */
export class Generation {
  #decoder: Decoder | null = null;
  #vocab: string[] = [];
  #shape: CacheShape = { embd: 1, heads: 1 };

  start(trainer: Trainer, how: { context: string; cache: boolean; greedy: boolean; temperature?: number; topK?: number }, seed: string): void {
    this.free();
    const { context, cache, greedy, temperature, topK } = how;
    this.#vocab = Array.from(trainer.vocab());
    const c = trainer.config;
    this.#shape = { embd: c.nEmbd ?? 1, heads: c.model === 'head' ? 1 : c.nHead ?? 1 };
    this.#decoder = trainer.decoder(context, { cache: cache ? 'naive' : 'off', greedy, seed, temperature, topK });
  }

  get started(): boolean {
    return this.#decoder !== null;
  }

  step(count: number): GenStepView[] {
    if (!this.#decoder) throw new Error('no generation started');
    const out: GenStepView[] = [];
    for (let i = 0; i < count; i++) out.push(stepView(this.#decoder.step(), this.#vocab, this.#shape));
    return out;
  }

  free(): void {
    try { this.#decoder?.delete(); } catch { /* its trainer is gone */ }
    this.#decoder = null;
  }
}
