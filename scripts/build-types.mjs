// The package's types: declaration emit from the sources (tsconfig.lib.json)
// into dist/lib/types/. The loaders (engine.js, evaluator.js, checks.js,
// simd.js, torch.js, train.js) are JavaScript checked against the interfaces
// in web/engine/*/types.ts, and emitted like any source.
// Fails (exit code 1) on any type error.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.lib.json')], { stdio: 'inherit' });
