// @ts-check
// The training module's models and their defaults, with no engine attached:
// the loader (train.js), <attn-train>'s attribute parser and the bench read
// them here, so the list and the defaults are written once (the numbers
// themselves come from cpp/src/limits.hpp through limits.js).
import { shown } from '../shared/checks.js';
import { TRAIN_LIMITS as TL } from '../shared/limits.js';

/**
 * @typedef {import('./types').ModelName} ModelName
 * @typedef {import('./types').TrainConfig} TrainConfig
 */

/**
 * Model names in the engine's order (cpp/src/train/trainer.hpp ModelKind).
 * @type {readonly ModelName[]}
 */
export const MODELS = ['bigram', 'position', 'head', 'multihead', 'ffwd', 'blocks', 'residual', 'layernorm', 'gpt'];

/** The block models (the lecture's part 3), which read nHead, nLayer and (gpt) dropout. */
export const BLOCK_MODELS = MODELS.slice(3);

/**
 * The lecture's hyperparameters per model (Config::defaults in trainer.hpp).
 * @param {ModelName} model
 * @returns {TrainConfig & { seed: string, nEmbd: number, nHead: number, nLayer: number, dropout: number }}
 */
export function defaults(model) {
  const m = checkModel(model);
  const head = m === 2, blocks = m >= 3, gpt = MODELS[m] === 'gpt';
  return {
    model: MODELS[m], seed: String(TL.defaultSeed),
    iters: blocks ? TL.blockIters : head ? TL.headIters : TL.defaultIters,
    evalInterval: blocks ? TL.blockEvalInterval : head ? TL.headEvalInterval : TL.defaultEvalInterval,
    evalIters: TL.defaultEvalIters, lr: blocks ? TL.blockLr : head ? TL.headLr : TL.defaultLr, batch: TL.defaultBatch,
    block: gpt ? TL.gptBlock : TL.defaultBlock, nEmbd: gpt ? TL.gptNEmbd : TL.defaultNEmbd,
    nHead: gpt ? TL.gptNHead : TL.defaultNHead, nLayer: gpt ? TL.gptNLayer : TL.defaultNLayer, dropout: gpt ? TL.gptDropout : 0,
  };
}

/**
 * A model's name -> its index in MODELS (ModelKind)
 * @param {unknown} v
 * @returns {number}
 */
export function checkModel(v) {
  const i = MODELS.indexOf(/** @type {ModelName} */ (v));
  if (i >= 0) return i;
  const msg = `model must be one of ${MODELS.map((n) => `"${n}"`).join(', ')}, got ${shown(v)}`;
  throw typeof v === 'string' ? new RangeError(msg) : new TypeError(msg);
}
