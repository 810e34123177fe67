// Installer of the training module for embeds (EMBED_WASM.train): the bytes of
// the build this browser runs (SIMD, or scalar where the loader found no SIMD)
// go to the training loop, which would otherwise fetch them.
import { provideTrainWasm } from '../engine/train-runner/client';
import { wasmBytes, type WasmInstaller } from './mount';

const install: WasmInstaller = (p) => {
  const b64 = p.attn_train ?? p.attn_train_scalar;
  if (b64) provideTrainWasm(wasmBytes(b64));
};
export default install;
