import wasmUrl from './generated/attn_core.wasm?url';
import { loadEngine } from './engine/engine.js';

const out = document.getElementById('lesson1-output');
loadEngine({ wasmUrl })
  .then((engine) => {
    if (out) out.textContent = engine.lesson1('0');
  })
  .catch((err: unknown) => {
    if (out) out.textContent = `引擎加载失败：${String(err)}`;
  });
