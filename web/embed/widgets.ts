// The iframe embed's widgets: one entry per widget. This file is plain data
// (no DOM; its one import is the training run's settings, the train widget's
// parameters), read by three parties:
//   - vite.config.ts builds one classic script per entry, dist/embed-<w>.js,
//     holding the element's module and the embed's mounting code (mount.ts);
//   - web/pages/embed.ts (the small loader embed.html runs) picks the entry named by
//     ?w=, then adds the engine payloads the entry lists and its script;
//   - web/embed/mount.ts copies the allowed query parameters onto the element.
//
// To add a widget (say w=tril): add an entry here, with the element module's
// path (relative to web/), and if it runs a WASM module of its own, a payload
// in EMBED_WASM below and an installer in web/embed/wasm-<name>.ts.
// The build and the loader follow; scripts/modules.test.ts fails until
// docs/embedding.md's tables name the new widget.

import { kebab } from '../engine/train/models.js';
import { TRAIN_SETTINGS } from '../engine/train/settings.js';

export interface EmbedWidget {
  /** The custom element's tag. */
  readonly tag: string;
  /** The module defining the element, relative to web/. */
  readonly module: string;
  /** Query parameters copied verbatim onto the element (setAttribute, at most 200 characters). */
  readonly attrs: readonly string[];
  /** Boolean (presence) attributes: on unless the value spells off (`0`, `false`, `no`, `off`: parseFlag). */
  readonly flags: readonly string[];
  /** The widget keeps progress in localStorage (a sandbox without storage gets a note). */
  readonly progress: boolean;
  /** The engine modules it runs, in the order they are started (keys of EMBED_WASM). */
  readonly wasm: readonly EmbedWasmName[];
  /** The shipped question banks travel inside its script (no fetch from a sandbox). */
  readonly banks: boolean;
  /** The frame's title. */
  readonly title: { readonly 'zh-CN': string; readonly en: string };
}

/**
 * WASM modules an embed may need. Each becomes a classic script,
 * dist/embed-wasm-<file>.js, that puts the .wasm's bytes (base64) on
 * `self.AttentionLabWasm[<file>]`; a frame loads only the ones its widget
 * lists (and for `core`, only the build this browser runs: SIMD or scalar).
 */
export const EMBED_WASM = {
  core: { simd: 'attn_core', scalar: 'attn_core_scalar' },
  py: { simd: 'attn_py', scalar: 'attn_py' },
  torch: { simd: 'attn_torch', scalar: 'attn_torch' },
  train: { simd: 'attn_train', scalar: 'attn_train_scalar' },
} as const;
export type EmbedWasmName = keyof typeof EMBED_WASM;

export const EMBED_WIDGETS = {
  heatmap: {
    tag: 'attn-heatmap',
    module: 'elements/attn-heatmap/attn-heatmap.ts',
    attrs: ['tokens', 'dk', 'dk-max', 'seed', 'scale', 'labels'],
    flags: ['causal', 'compare', 'log-scale'],
    progress: false,
    wasm: ['core'],
    banks: false,
    title: { 'zh-CN': '注意力热力图', en: 'Attention heatmap' },
  },
  quiz: {
    tag: 'attn-quiz',
    module: 'elements/attn-quiz/attn-quiz.ts',
    attrs: ['bank', 'lesson', 'items'],
    flags: [],
    progress: true,
    wasm: [],
    banks: true,
    title: { 'zh-CN': '检索练习', en: 'Retrieval practice' },
  },
  exercise: {
    tag: 'attn-exercise',
    module: 'elements/attn-exercise/attn-exercise.ts',
    attrs: ['seed'],
    flags: [],
    progress: true,
    wasm: ['py'],
    banks: false,
    title: { 'zh-CN': '练习', en: 'Exercise' },
  },
  review: {
    tag: 'attn-review',
    module: 'elements/attn-review/attn-review.ts',
    attrs: ['lesson', 'bank'],
    flags: [],
    progress: true,
    wasm: ['py'],
    banks: true,
    title: { 'zh-CN': '间隔复习', en: 'Spaced review' },
  },
  tril: {
    tag: 'attn-tril',
    module: 'elements/attn-tril/attn-tril.ts',
    attrs: ['seed', 'b', 'step', 'view', 'mask', 'scale', 'm', 'perm', 'parts'],
    flags: ['unmasked', 'positions'],
    progress: false,
    wasm: ['torch'],
    banks: false,
    title: { 'zh-CN': 'tril 技巧实验室', en: 'The tril trick lab' },
  },
  heads: {
    tag: 'attn-heads',
    module: 'elements/attn-heads/attn-heads.ts',
    attrs: ['seed', 'batch', 'heads', 'tokens', 'dk'],
    flags: ['causal'],
    progress: false,
    wasm: ['torch'],
    banks: false,
    title: { 'zh-CN': '加分题：批量多头注意力', en: 'Bonus: batched multi-head attention' },
  },
  // Training runs in a Worker and fetches Tiny Shakespeare from the frame's
  // origin on Start: a sandboxed frame needs allow-same-origin for the text
  // (without it, the loop runs in the frame itself and the text cannot be fetched).
  train: {
    tag: 'attn-train',
    module: 'elements/attn-train/attn-train.ts',
    attrs: ['model', 'seed', ...TRAIN_SETTINGS.map((s) => kebab(s.name)), 'sample-chars'],
    flags: [],
    progress: false,
    wasm: ['train'],
    banks: false,
    title: { 'zh-CN': '训练字符模型', en: 'Train the character model' },
  },
} as const satisfies Record<string, EmbedWidget>;

export type EmbedWidgetName = keyof typeof EMBED_WIDGETS;

/** The entry for a ?w= value, or null (own properties only). */
export function embedWidget(name: string): EmbedWidget | null {
  return Object.prototype.hasOwnProperty.call(EMBED_WIDGETS, name) ? EMBED_WIDGETS[name as EmbedWidgetName] : null;
}

/** Global the payload scripts fill: file name → base64 bytes. */
export const WASM_GLOBAL = 'AttentionLabWasm';
