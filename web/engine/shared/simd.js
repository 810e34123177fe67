// @ts-check
// WebAssembly SIMD detection, in a module of its own so that the embed's
// loader can choose a build without carrying the engine's glue.

// (module (func (result v128) i32.const 0 i8x16.splat i8x16.popcnt)):
// valid only where WebAssembly SIMD is.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

/**
 * True where this JS engine validates a WebAssembly SIMD module.
 * @returns {boolean}
 */
export function simdSupported() {
  try {
    return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}
