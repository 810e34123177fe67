// Installer of the PyTorch module for embeds (EMBED_WASM.torch): <attn-tril>'s lab.
import { loadTorch } from '../engine/torch/torch.js';
import { wasmBytes, type WasmInstaller } from './mount';

const install: WasmInstaller = (p) => {
  loadTorch({ wasmBinary: wasmBytes(p.attn_torch ?? '') }).catch(() => { /* the element reports it */ });
};
export default install;
