// attn-cli in Node through the WASM evaluator module: `npm run lesson1 -- --seed 0`.
import { readFileSync } from 'node:fs';
import { loadEvaluator } from '../web/engine/evaluator.js';

const wasmBinary = readFileSync(new URL('../web/generated/attn_py.wasm', import.meta.url));
const engine = await loadEvaluator({ wasmBinary });
const r = engine.runCli(process.argv.slice(2));
process.stdout.write(r.stdout);
process.stderr.write(r.stderr);
process.exitCode = r.code;
