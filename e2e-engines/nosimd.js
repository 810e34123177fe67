// Injected (e2e/server.mjs) into pages asked for with `attn-nosimd`: the
// engine now answers as one without WebAssembly SIMD would. validate() says
// false for a small module using a SIMD opcode (prefix 0xfd), which is how
// web/engine/shared/simd.js probes; everything else is unchanged.
(() => {
  'use strict';
  const validate = WebAssembly.validate.bind(WebAssembly);
  WebAssembly.validate = (bytes) => {
    const b = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes.buffer ?? bytes);
    if (b.length < 64 && b.includes(0xfd)) return false;
    return validate(bytes);
  };
})();
