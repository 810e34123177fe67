// The package's types: declaration emit from the sources (tsconfig.lib.json)
// into dist/lib/types/, plus the loaders' interfaces that are still written
// by hand next to their JavaScript (web/engine/<loader>.d.ts: simd, torch,
// train), copied beside the emitted files so that every import in them
// resolves. (engine.js, evaluator.js and checks.js are checked against
// web/engine/types.ts instead, which is emitted like any source.)
// Fails (exit code 1) on any type error.
import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.lib.json')], { stdio: 'inherit' });
const engine = join(root, 'web/engine');
for (const f of readdirSync(engine)) {
  if (!f.endsWith('.d.ts') || f === 'generated.d.ts') continue;
  copyFileSync(join(engine, f), join(root, 'dist/lib/types/engine', f));
}
