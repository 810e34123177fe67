// `npm run train -- --model head [--seed 1337] [--iters N] …`: attn-cli's train
// command in Node through the WASM training module (attn_train, the one
// <attn-train> runs in its worker). Same options, same output as native
// `attn-cli train` (cpp/src/train/cli_train.cpp): the evaluation lines, then
// the sample (the context character followed by the generated text).
// The module has no file system, so the text is read here and handed over.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LIMITS } from '../web/engine/limits.js';
import { formatEval, loadTrainEngine } from '../web/engine/train.js';

const USAGE = `usage: attn-cli train [options]
  train --model bigram|position|head [--seed 1337] [--iters N] [--eval-interval K]
        [--eval-iters 200] [--lr X] [--batch 32] [--block 8] [--data FILE] [--sample-chars 500]
`;
const DEFAULT_DATA = fileURLToPath(new URL('../public/data/tinyshakespeare.txt', import.meta.url));
const ALLOWED = ['model', 'seed', 'iters', 'eval-interval', 'eval-iters', 'lr', 'batch', 'block', 'data', 'sample-chars'];

class Bad extends Error {}

function intOpt(o, name, lo, hi, fallback) {
  if (!(name in o)) return fallback;
  const t = o[name];
  if (!/^[0-9]{1,12}$/.test(t) || Number(t) < lo || Number(t) > hi)
    throw new Bad(`--${name} must be an integer in [${lo}, ${hi}], got "${t.slice(0, 40)}"`);
  return Number(t);
}

export function parseTrainArgs(args) {
  const o = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('--')) throw new Bad(`unexpected argument "${a}"`);
    let name = a.slice(2);
    let value;
    const eq = name.indexOf('=');
    if (eq >= 0) { value = name.slice(eq + 1); name = name.slice(0, eq); }
    else if (i + 1 < args.length) value = args[++i];
    else throw new Bad(`option --${name} needs a value`);
    if (!ALLOWED.includes(name)) throw new Bad(`unknown option --${name} for train`);
    o[name] = value;
  }
  if (!('model' in o)) throw new Bad('missing --model (bigram, position or head)');
  if (!['bigram', 'position', 'head'].includes(o.model))
    throw new Bad(`--model must be bigram, position or head, got "${o.model.slice(0, 40)}"`);
  const head = o.model === 'head';
  const c = { model: o.model, seed: '1337', iters: head ? 5000 : 3000, evalInterval: head ? 500 : 300, evalIters: 200, lr: head ? 1e-3 : 1e-2, batch: 32, block: 8 };
  if ('seed' in o) {
    if (!/^[0-9]{1,20}$/.test(o.seed) || BigInt(o.seed) >= 2n ** 64n)
      throw new Bad(`--seed must be an integer in [0, 18446744073709551615], got "${o.seed.slice(0, 40)}"`);
    c.seed = o.seed;
  }
  const L = LIMITS.train;
  c.iters = intOpt(o, 'iters', 0, L.maxIters, c.iters);
  c.evalInterval = intOpt(o, 'eval-interval', 1, L.maxEvalInterval, c.evalInterval);
  c.evalIters = intOpt(o, 'eval-iters', 1, L.maxEvalIters, c.evalIters);
  c.batch = intOpt(o, 'batch', 1, L.maxBatch, c.batch);
  c.block = intOpt(o, 'block', 1, L.maxBlock, c.block);
  const sampleChars = intOpt(o, 'sample-chars', 0, L.maxGenerate, L.defaultSampleChars);
  if ('lr' in o) {
    const v = o.lr.trim() === o.lr && o.lr !== '' ? Number(o.lr) : NaN;
    if (!(v > 0) || !Number.isFinite(Math.fround(v))) throw new Bad(`--lr must be a positive number, got "${o.lr.slice(0, 40)}"`);
    c.lr = v;
  }
  return { config: c, data: o.data ?? DEFAULT_DATA, sampleChars };
}

/** Runs `train` with these options; resolves to {code, stdout, stderr}. */
export async function runTrain(args, engine) {
  let parsed;
  try {
    parsed = parseTrainArgs(args);
  } catch (e) {
    if (!(e instanceof Bad)) throw e;
    return { code: 2, stdout: '', stderr: `attn-cli train: ${e.message}\n${USAGE}` };
  }
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(parsed.data));
  } catch (e) {
    const what = e instanceof TypeError ? 'text is not valid UTF-8' : `cannot read ${parsed.data}`;
    return { code: 2, stdout: '', stderr: `attn-cli train: ${what === 'text is not valid UTF-8' ? `${parsed.data}: ${what}` : what}\n${USAGE}` };
  }
  let trainer;
  try {
    trainer = engine.createTrainer(text, parsed.config);
  } catch (e) {
    return { code: 2, stdout: '', stderr: `attn-cli train: ${parsed.data}: ${e.message}\n${USAGE}` };
  }
  let out = '';
  try {
    for (;;) {
      const r = trainer.advance(1000);
      for (const ev of r.evals) out += `${formatEval(ev)}\n`;
      if (r.done) break;
    }
    if (parsed.sampleChars > 0) out += `${Array.from(trainer.vocab())[0] ?? ''}${trainer.generate('', parsed.sampleChars)}\n`;
  } finally {
    trainer.delete();
  }
  return { code: 0, stdout: out, stderr: '' };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const engine = await loadTrainEngine({ wasmBinary: readFileSync(new URL('../web/generated/attn_train.wasm', import.meta.url)) });
  const r = await runTrain(process.argv.slice(2), engine);
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  process.exitCode = r.code;
}
