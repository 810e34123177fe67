// attn-cli in Node through the WASM module: `npm run lesson1 -- --seed 0`.
import { readFileSync } from 'node:fs';
import { loadEngine } from '../web/engine/engine.js';

const wasmBinary = readFileSync(new URL('../web/generated/attn_core.wasm', import.meta.url));
const engine = await loadEngine({ wasmBinary });
const r = engine.runCli(process.argv.slice(2));
process.stdout.write(r.stdout);
process.stderr.write(r.stderr);
process.exitCode = r.code;
