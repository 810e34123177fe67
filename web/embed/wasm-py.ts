// Installer of the exercise evaluator for embeds (EMBED_WASM.py): the page's
// evaluator (engine/py/browser.ts) starts from these bytes, in its worker or in the page.
import { provideEvaluatorWasm } from '../engine/py/browser';
import { wasmBytes, type WasmInstaller } from './mount';

const install: WasmInstaller = (p) => {
  provideEvaluatorWasm(wasmBytes(p.attn_py ?? ''));
};
export default install;
