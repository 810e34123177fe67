import { expect, test, type Page } from '@playwright/test';

// Browsers without WebAssembly SIMD: the library and the iframe embed fall
// back to the scalar core build (chosen by WebAssembly.validate of a small
// SIMD module), and draw the same heatmaps. Chromium has SIMD, so the probe
// is made to fail: validate() answers false for any module using a SIMD
// opcode (prefix 0xfd), as an engine without SIMD would.
const NO_SIMD = `(() => {
  const validate = WebAssembly.validate.bind(WebAssembly);
  WebAssembly.validate = (bytes) => {
    const b = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes.buffer ?? bytes);
    if (b.length < 64 && b.includes(0xfd)) return false;
    return validate(bytes);
  };
})();`;

async function weights(page: Page, sel: string): Promise<number[]> {
  const el = page.locator(sel);
  await expect.poll(async () => (await el.evaluate((e) => (e as HTMLElement & { weights?: Float64Array }).weights?.length ?? 0)), { timeout: 15_000 }).toBeGreaterThan(0);
  return el.evaluate((e) => Array.from((e as HTMLElement & { weights: Float64Array }).weights));
}

function wasmRequests(page: Page): string[] {
  const wasm: string[] = [];
  page.on('request', (r) => { const p = new URL(r.url()).pathname; if (p.endsWith('.wasm')) wasm.push(p); });
  return wasm;
}

test('the library loads the scalar core without SIMD, and its heatmaps equal the SIMD build\'s', async ({ page, browser }) => {
  const simdPage = await browser.newPage();
  const simdWasm = wasmRequests(simdPage);
  await simdPage.goto('/fixtures/heatmap.html');
  const expected = [await weights(simdPage, '#hm'), await weights(simdPage, '#en')];
  expect(simdWasm).toEqual(['/lib/attn_core.wasm']);
  await simdPage.close();

  await page.addInitScript(NO_SIMD);
  const wasm = wasmRequests(page);
  await page.goto('/fixtures/heatmap.html');
  expect(await weights(page, '#hm')).toEqual(expected[0]);
  expect(await weights(page, '#en')).toEqual(expected[1]);
  expect(wasm).toEqual(['/lib/attn_core_scalar.wasm']);
});

const payloads = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource')
  .map((r) => new URL(r.name).pathname).filter((p) => p.startsWith('/embed-wasm-')));

test('the iframe embed fetches the scalar core\'s payload without SIMD (no request for a .wasm)', async ({ page, browser }) => {
  const simdPage = await browser.newPage();
  await simdPage.goto('/embed.html?w=heatmap&dk=32&causal=1');
  const expected = await weights(simdPage, 'attn-heatmap');
  expect(await payloads(simdPage)).toEqual(['/embed-wasm-attn_core.js']);
  await simdPage.close();

  await page.addInitScript(NO_SIMD);
  const wasm = wasmRequests(page);
  await page.goto('/embed.html?w=heatmap&dk=32&causal=1');
  expect(await weights(page, 'attn-heatmap')).toEqual(expected);
  expect(await payloads(page)).toEqual(['/embed-wasm-attn_core_scalar.js']);
  expect(await page.evaluate(() => WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11])))).toBe(false);
  expect(wasm).toEqual([]);
});
