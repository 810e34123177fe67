// Installer of the exercise evaluator for embeds (EMBED_WASM.py).
import { loadEvaluator } from '../engine/py/evaluator.js';
import { wasmBytes, type WasmInstaller } from './mount';

const install: WasmInstaller = (p) => {
  loadEvaluator({ wasmBinary: wasmBytes(p.attn_py ?? '') }).catch(() => { /* the elements report it */ });
};
export default install;
