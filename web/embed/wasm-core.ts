// Installer of the core engine for embeds (EMBED_WASM.core): the SIMD build's
// bytes, or where the loader found no SIMD, the scalar build's.
import { loadEngine } from '../engine/core/engine.js';
import { wasmBytes, type WasmInstaller } from './mount';

const install: WasmInstaller = (p) => {
  const simd = p.attn_core;
  const engine = simd
    ? loadEngine({ wasmBinary: wasmBytes(simd), simd: true })
    : loadEngine({ scalarWasmBinary: wasmBytes(p.attn_core_scalar ?? ''), simd: false });
  engine.catch(() => { /* the elements report it */ });
};
export default install;
