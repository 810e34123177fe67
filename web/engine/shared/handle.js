// @ts-check
// The JS side of a handle into a module's table of JS-owned objects (Table in
// cpp/bindings/common.hpp), for the core's heatmaps (engine.js) and the float
// module's attention buffers (attention-f32.js). The library build puts it in
// its shared chunk with the other loaders' modules (vite.lib.config.ts).

// A handle into one of a module's tables of JS-owned objects (Table in
// cpp/bindings/common.hpp): get() refuses it once release() has freed it.
/**
 * @param {number} h
 * @param {string} what
 */
export function tableHandle(h, what) {
  return {
    get() {
      if (!h) throw new Error(`this ${what} was deleted`);
      return h;
    },
    /** @param {(h: number) => void} free */
    release(free) {
      if (h) free(h);
      h = 0;
    },
  };
}
