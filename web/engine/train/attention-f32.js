// @ts-check
// The float attention kernel (attn::attention_into, cpp/src/kernels_f32.cpp)
// as the float module (attn_train, cpp/bindings/train.cpp) exports it:
// preallocated buffers in the WASM heap that JS writes through views, and a
// copying call for convenience. No page uses it; the bench measures it
// against native C++ and plain JS, and the tests check it against the double
// reference. It lives in the float module, with the trainer, so the core
// module the heatmap page loads does not carry it.
import { checkAttention, checkShape } from '../shared/attention-checks.js';
import { checkBool, checkScale, unwrap } from '../shared/checks.js';
import { tableHandle } from '../shared/handle.js';

/**
 * @typedef {import('./types').AttentionF32} AttentionF32
 * @typedef {import('./types').FloatAttention} FloatAttention
 * @typedef {import('../shared/types').RawModule} RawModule
 */

const VIEWS = ['q', 'k', 'v', 'scores', 'weights', 'output'];

// Float attention in buffers kept in the WASM heap. The views die when the
// memory grows (their length becomes 0): they are fetched again then.
/**
 * @param {RawModule} m
 * @param {number} handle
 * @param {number} T
 * @param {number} S
 * @param {number} dK
 * @param {number} dV
 * @returns {AttentionF32}
 */
function wrapAttentionF32(m, handle, T, S, dK, dV) {
  const h = tableHandle(handle, 'AttentionF32');
  const live = () => h.get();
  /** @type {Float32Array[] | null} */
  let views = null;
  /** @returns {Float32Array[]} */
  const fresh = () => {
    if (!views || views[0].length === 0) views = VIEWS.map((_, i) => unwrap(m.attentionF32View(live(), i)));
    return views;
  };
  return {
    T, S, dK, dV,
    get q() { return fresh()[0]; },
    get k() { return fresh()[1]; },
    get v() { return fresh()[2]; },
    run(scale = 'sqrt', causal = false) {
      unwrap(m.attentionF32Run(live(), checkScale(scale), checkBool(causal, 'causal')));
      const w = fresh();
      return { scores: w[3], weights: w[4], output: w[5] };
    },
    delete() {
      h.release(m.attentionF32Delete);
      views = null;
    },
  };
}

/**
 * createAttentionF32 and attentionF32 over a raw float module.
 * @param {RawModule} m
 * @returns {FloatAttention}
 */
export function floatAttention(m) {
  /** @type {AttentionF32 | null} */
  let cached = null; // the last shape's AttentionF32, reused by attentionF32()
  /** @type {FloatAttention['createAttentionF32']} */
  const createAttentionF32 = (T, S, dK, dV) => {
    checkShape(T, S, dK, dV);
    return wrapAttentionF32(m, unwrap(m.attentionF32New(T, S, dK, dV)), T, S, dK, dV);
  };
  return {
    createAttentionF32,
    attentionF32(q, k, v, T, S, dK, dV, scale = 'sqrt', causal = false) {
      checkAttention(Float32Array, q, k, v, T, S, dK, dV, scale, causal);
      if (!cached || cached.T !== T || cached.S !== S || cached.dK !== dK || cached.dV !== dV) {
        cached?.delete();
        cached = null;
        cached = createAttentionF32(T, S, dK, dV);
      }
      cached.q.set(q);
      cached.k.set(k);
      cached.v.set(v);
      const r = cached.run(scale, causal);
      return { scores: r.scores.slice(), weights: r.weights.slice(), output: r.output.slice() };
    },
  };
}
