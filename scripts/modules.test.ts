// Every place that names the WASM modules follows cpp/bindings/modules.json:
// a module added, renamed or dropped there and not here (or the other way
// round) fails this test.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EMBED_WASM, EMBED_WIDGETS } from '../web/embed/widgets';
import { SITE_WASM_FILES, THREADED_URL_IMPORT, WASM_GLUE, WASM_MODULES, WASM_URL_IMPORT } from './wasm-modules';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();
const ALL_FILES = sorted(WASM_MODULES.flatMap((m) => m.files));

describe('cpp/bindings/modules.json is the list of WASM modules', () => {
  it('each module has its binding source, and CMake builds exactly these files', () => {
    for (const m of WASM_MODULES) expect(existsSync(new URL(`../cpp/bindings/${m.binding}`, import.meta.url)), m.binding).toBe(true);
    const cmake = read('CMakeLists.txt');
    const outputs: string[] = [...cmake.matchAll(/OUTPUT_NAME "(attn_[a-z_]+)"/g)].map((x) => x[1]!);
    // attn_variant(<variant> <target> <out>) builds <out> and <out>_scalar
    for (const x of cmake.matchAll(/attn_variant\(\$\{variant\} \S+ (attn_[a-z_]+)\)/g)) outputs.push(x[1]!, `${x[1]}_scalar`);
    expect(sorted(outputs)).toEqual(ALL_FILES);
    for (const m of WASM_MODULES) expect(cmake, m.binding).toContain(`cpp/bindings/${m.binding}`);
  });

  it('the package exports every shipped .wasm and nothing else', () => {
    const exports = Object.keys(JSON.parse(read('package.json')).exports).filter((k) => k.endsWith('.wasm'));
    expect(sorted(exports)).toEqual(sorted(SITE_WASM_FILES.map((f) => `./${f}.wasm`)));
  });

  it('the type stubs declare each module\'s glue', () => {
    const stubs = read('web/engine/shared/generated.d.ts');
    const declared = [...stubs.matchAll(/declare module '\*\/generated\/(attn_[a-z_]+)\.mjs'/g)].map((x) => x[1]!);
    expect(sorted(declared)).toEqual(sorted(WASM_MODULES.map((m) => m.name)));
  });

  it('the bundler patterns match the shipped builds and not the Node-only CLI', () => {
    for (const f of SITE_WASM_FILES) {
      expect(WASM_URL_IMPORT.test(`../generated/${f}.wasm?url`), f).toBe(true);
      expect(WASM_GLUE.exec(`/x/web/generated/${f}.mjs`)?.[1], f).toBe(f);
    }
    expect(WASM_URL_IMPORT.test('../generated/attn_cli.wasm?url')).toBe(false);
    // the threaded build's glue and worker script, as the training client imports them (the embed stubs them)
    const client = read('web/engine/train-runner/client.ts');
    const threaded = [...client.matchAll(/from '([^']*attn_train_mt\.[^']*)'/g)].map((x) => x[1]!);
    expect(threaded).toHaveLength(3);
    for (const id of threaded) expect(THREADED_URL_IMPORT.test(id) || WASM_URL_IMPORT.test(id), id).toBe(true);
    expect(THREADED_URL_IMPORT.test('../generated/attn_train.mjs?url')).toBe(false);
  });

  it('the embed\'s payloads are shipped builds', () => {
    const payloads = Object.values(EMBED_WASM).flatMap((p) => [p.simd, p.scalar]);
    for (const f of payloads) expect(SITE_WASM_FILES, f).toContain(f);
  });

  it('the embedding guide lists every shipped .wasm of the library', () => {
    const doc = read('docs/embedding.md');
    for (const f of SITE_WASM_FILES) expect(doc, `${f}.wasm`).toContain(`\`${f}.wasm\``);
  });
});

describe('docs/embedding.md follows web/embed/widgets.ts and the package', () => {
  const doc = read('docs/embedding.md');
  it('the w= table has one row per widget, with its element, parameters and flags', () => {
    const rows = [...doc.matchAll(/^\| `([a-z]+)` \| `<(attn-[a-z]+)>` \| (.*) \|$/gm)];
    expect(rows.map((r) => r[1])).toEqual(Object.keys(EMBED_WIDGETS));
    for (const [, w, tag, params] of rows) {
      const entry = EMBED_WIDGETS[w as keyof typeof EMBED_WIDGETS];
      expect(tag, w).toBe(entry.tag);
      const named = [...params!.matchAll(/`([a-z-]+)`/g)].map((x) => x[1]!);
      for (const a of [...entry.attrs, ...entry.flags]) expect(named, `${w}: ${a}`).toContain(a);
    }
  });
  it('the file tables name every element module of the library and every widget script of the embed', () => {
    const elements = Object.keys(JSON.parse(read('package.json')).exports).filter((k) => /^\.\/attn-[a-z]+$/.test(k));
    for (const e of elements) expect(doc, e).toContain(`\`${e.slice(2)}.js\``);
    for (const w of Object.keys(EMBED_WIDGETS)) expect(doc, w).toContain(`\`embed-${w}.js\``);
    for (const f of new Set(Object.values(EMBED_WASM).flatMap((p) => [p.simd, p.scalar]))) expect(doc, f).toContain(`\`embed-wasm-${f}.js\``);
  });
});
