// @ts-check
// The training module's models and their defaults, with no engine attached:
// the loader (train.js), <attn-train>'s attribute parser and the bench read
// them here. Both come from C++ (Config::defaults and
// cpp/src/train/settings.hpp) through the generated ./settings.js.
import { shown } from '../shared/checks.js';
import { TRAIN_DEFAULTS, TRAIN_MODELS, TRAIN_SETTINGS } from './settings.js';

/**
 * @typedef {import('./types').ModelName} ModelName
 * @typedef {import('./types').TrainConfig} TrainConfig
 */

/**
 * Model names in the engine's order (cpp/src/train/trainer.hpp ModelKind).
 * @type {readonly ModelName[]}
 */
export const MODELS = TRAIN_MODELS;

/** The block models (the lecture's part 3), which read nHead, nLayer and (gpt) dropout. */
export const BLOCK_MODELS = MODELS.slice(3);

/**
 * The lecture's hyperparameters per model (Config::defaults in trainer.hpp).
 * @param {ModelName} model
 * @returns {TrainConfig & import('./types').TrainSettingValues & { seed: string }}
 */
export function defaults(model) {
  return { model: MODELS[checkModel(model)], ...TRAIN_DEFAULTS[model] };
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

/**
 * A setting's name in kebab-case (nEmbd -> n-embd): <attn-train>'s attribute and attn-cli train's option.
 * @template {string} S
 * @param {S} name
 * @returns {import('./types').Kebab<S>}
 */
export function kebab(name) {
  return /** @type {import('./types').Kebab<S>} */ (name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
}

/**
 * The run settings of an object that holds them all (a resolved config, an element's state), in ./settings.js's order.
 * @param {import('./types').TrainSettingValues} c
 * @returns {import('./types').TrainSettingValues}
 */
export function settingsOf(c) {
  return /** @type {import('./types').TrainSettingValues} */ (Object.fromEntries(TRAIN_SETTINGS.map((s) => [s.name, c[s.name]])));
}
