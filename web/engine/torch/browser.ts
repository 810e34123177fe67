// The page-wide PyTorch module for elements (<attn-tril>): one instance of
// attn_torch per page. Its glue and loader are a dynamic import, so a page
// fetches them, and the .wasm, only when an element first asks.
import torchWasmUrl from '../../generated/attn_torch.wasm?url&no-inline';
import type { TorchLab } from './torch.js';
import { besideModule } from '../shared/locate';

export type { TorchLab, TrilHead, TrilPermutation, TrilThreeWays } from './torch.js';
export type { BonusResult, BonusShape, BonusTileStep } from './types';

/** Where attn_torch.wasm is, relative to this module. */
export function torchWasmLocation(): URL {
  return besideModule(torchWasmUrl, import.meta.url);
}

export async function getTorch(): Promise<TorchLab> {
  const { loadTorch } = await import('./torch.js');
  return loadTorch({ wasmUrl: torchWasmLocation() });
}
