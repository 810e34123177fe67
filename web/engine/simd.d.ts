/** True where this JS engine validates a WebAssembly SIMD module. */
export function simdSupported(): boolean;
