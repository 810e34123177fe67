// WASM heap over slider steps, in Node: the same calls <attn-heatmap> makes
// per step (compute, then weights() and scores() to paint), on one
// createHeatmap('0', 32, 512) kept across steps.
export function heapOverSteps(engine, { steps = 10_000, tokens = 32, dkMax = 512 } = {}) {
  const afterLoad = engine.heapStats();
  const h = engine.createHeatmap('0', tokens, dkMax);
  let dk = 1, dir = 1;
  const step = () => {
    h.compute(dk, 'sqrt', (dk & 1) === 1);
    h.weights();
    h.scores();
    dk += dir;
    if (dk === dkMax || dk === 1) dir = -dir;
  };
  step();
  const afterFirstStep = engine.heapStats();
  for (let i = 1; i < steps; i++) step();
  const afterSteps = engine.heapStats();
  h.delete();
  const afterDelete = engine.heapStats();
  return {
    steps, tokens, dkMax,
    afterLoad, afterFirstStep, afterSteps, afterDelete,
    // Growth over the steps, after the heatmap's own buffers exist.
    usedGrowth: afterSteps.usedBytes - afterFirstStep.usedBytes,
    memoryGrowth: afterSteps.memoryBytes - afterFirstStep.memoryBytes,
  };
}
