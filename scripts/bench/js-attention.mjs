// Plain-JS reference of the engine's float attention path (kernels_f32.cpp),
// the same algorithm and loop order, on any typed array type:
//   scores = Q Kᵀ / √d   (T, S)      causal: scores[i, j] = −∞ for j > i
//   weights = softmax(scores, axis=-1)   out = weights V   (T, d_v)
// Given `out` ({scores, weights, output} of the right sizes), it writes into
// those buffers and allocates nothing, as the WASM and native figures it is
// compared with (attention_into); without it, it allocates its results.

/** q: (T, dK), k: (S, dK), v: (S, dV), row-major. Returns {scores, weights, output}. */
export function attentionJs(Arr, q, k, v, T, S, dK, dV, causal, out = null) {
  const scores = out ? out.scores : new Arr(T * S);
  const inv = 1 / Math.sqrt(dK);
  for (let i = 0; i < T; i++) {
    const qi = i * dK;
    for (let j = 0; j < S; j++) {
      const kj = j * dK;
      let acc = 0;
      for (let c = 0; c < dK; c++) acc += q[qi + c] * k[kj + c];
      scores[i * S + j] = acc * inv;
    }
  }
  if (causal) {
    for (let i = 0; i < T; i++) for (let j = i + 1; j < S; j++) scores[i * S + j] = -Infinity;
  }
  const weights = out ? out.weights : new Arr(T * S);
  weights.set(scores);
  for (let r = 0; r < T; r++) {
    const o = r * S;
    let m = weights[o];
    for (let c = 1; c < S; c++) if (weights[o + c] > m) m = weights[o + c];
    let total = 0;
    for (let c = 0; c < S; c++) {
      const e = Math.exp(weights[o + c] - m);
      weights[o + c] = e;
      total += weights[o + c];
    }
    const invTotal = 1 / total;
    for (let c = 0; c < S; c++) weights[o + c] *= invTotal;
  }
  const output = out ? out.output.fill(0) : new Arr(T * dV);
  for (let i = 0; i < T; i++) {
    const oi = i * dV;
    for (let p = 0; p < S; p++) {
      const a = weights[i * S + p];
      const vp = p * dV;
      for (let j = 0; j < dV; j++) output[oi + j] += a * v[vp + j];
    }
  }
  return { scores, weights, output };
}
