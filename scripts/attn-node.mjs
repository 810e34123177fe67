// attn-cli in Node through the WASM CLI module (attn_cli): `npm run lesson1 -- --seed 0`.
import { readFileSync } from 'node:fs';
import { loadCli } from '../web/engine/cli.js';

const wasmBinary = readFileSync(new URL('../web/generated/attn_cli.wasm', import.meta.url));
const cli = await loadCli({ wasmBinary });
const r = cli.runCli(process.argv.slice(2));
process.stdout.write(r.stdout);
process.stderr.write(r.stderr);
process.exitCode = r.code;
