// attn-cli in Node through the WASM CLI module (attn_cli):
// `npm run lesson1 -- --seed 0`, `npm run train -- --model head`, ...
// The module has no file system; `train` reads its text through readFile
// (paths relative to the working directory, as the native binary's are).
import { readFileSync } from 'node:fs';
import { loadCli } from '../web/engine/cli/cli.js';

/** A file's bytes, or null when it cannot be read (attn-cli says "cannot read FILE"). */
export function readFile(path) {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const wasmBinary = readFileSync(new URL('../web/generated/attn_cli.wasm', import.meta.url));
  const cli = await loadCli({ wasmBinary });
  const r = cli.runCli(process.argv.slice(2), readFile);
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  process.exitCode = r.code;
}
