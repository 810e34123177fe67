// A WASM module's raw Embind API, as TypeScript, from its binding (Emscripten
// 3.1.6 has no --emit-tsd): cpp/bindings/<binding> -> web/engine/<dir>/raw.ts (types only),
// for the modules in TYPED.
// The binding is the one place the module's functions and result types are
// written; the loader is checked against raw.ts and its types.ts re-exports
// the result types. scripts/gen-binding-types.test.ts fails when a raw.ts is stale.
//
// What it reads, in the binding and the headers it includes from cpp/bindings:
//   function("jsName", &cppFunction)              a function; its C++ definition gives
//                                                 the parameters (names made camelCase)
//   value_object<Cpp>("JsName").field("f", &Cpp::m)...   a result or argument type
//   value_array<std::array<Cpp, N>>("JsName")     a tuple of N
//   struct Cpp { <type> m = ...;  // doc }        one member a line; the comment is the doc
// C++ types map to TypeScript: numbers, bool, std::string, registered value objects. An
// emscripten::val carries its TypeScript type in braces: a member's comment starts
// `// {Float64Array} doc`, a parameter's is a `// @param {T} name` line above the
// function (without one, unknown: the binding checks what it is given), a function returning val has a `// @returns {T}` line above it (with
// `| RangeError` where it returns one: the bindings return their errors, never throw
// them). Only the value objects a function takes or returns, directly or through
// fields, are written out.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The modules typed so far: binding -> output (the others keep RawModule). */
export const TYPED = [
  { module: 'attn_core', binding: 'cpp/bindings/core.cpp', out: 'web/engine/core/raw.ts', name: 'RawCore' },
  { module: 'attn_py', binding: 'cpp/bindings/py.cpp', out: 'web/engine/py/raw.ts', name: 'RawPy' },
  { module: 'attn_cli', binding: 'cpp/bindings/cli.cpp', out: 'web/engine/cli/raw.ts', name: 'RawCli' },
  { module: 'attn_torch', binding: 'cpp/bindings/torch.cpp', out: 'web/engine/torch/raw.ts', name: 'RawTorch' },
  { module: 'attn_train', binding: 'cpp/bindings/train.cpp', out: 'web/engine/train/raw.ts', name: 'RawTrain' },
];
/** Where an #include "x.hpp" is looked for after the including file's folder. */
const INCLUDE_DIRS = ['cpp/src', 'cpp/lessons', 'cpp/cli'];

const NUMBER = new Set(['double', 'float', 'int', 'unsigned', 'std::size_t', 'std::int32_t', 'std::uint32_t']);
const camel = (s) => s.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
const bare = (t) => t.replace(/^const\s+/, '').replace(/\s*&$/, '').trim();

/** The binding's text, then the headers it includes (common.hpp, limits_js.hpp, the engine's), depth first. */
function sources(binding, base) {
  const seen = new Set();
  const texts = [];
  const visit = (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    const text = readFileSync(join(base, path), 'utf8');
    texts.push(text);
    for (const m of text.matchAll(/^#include "([\w./]+)"/gm)) {
      const h = [dirname(path), ...INCLUDE_DIRS].map((d) => join(d, m[1])).find((p) => {
        try { return Boolean(readFileSync(join(base, p))); } catch { return false; }
      });
      if (h) visit(h);  // else a generated or a system-like header (pytorch_template.inc, ...)
    }
  };
  visit(binding);
  return texts.join('\n');
}

/** struct Name { members } -> { [member]: { type, doc } } (one member a line). */
function structs(text) {
  const out = new Map();
  for (const m of text.matchAll(/^struct (\w+) \{\n([\s\S]*?)^\};/gm)) {
    const members = new Map();
    for (const line of m[2].split('\n')) {
      const d = /^\s+([\w:]+(?:<[^>]*>)?)\s+(\w+)(?:\s*=\s*[^;,]+)?;\s*(?:\/\/\s*(.*))?$/.exec(line);
      if (d) members.set(d[2], { type: d[1], doc: d[3] ?? '' });
    }
    // the binding's own first; a struct of static members only (limits.hpp's areas) is no value type
    if (!out.has(m[1]) && members.size) out.set(m[1], members);
  }
  return out;
}

/** The registrations: value objects in order, functions in order. */
function registrations(text) {
  const objects = [];
  for (const m of text.matchAll(/value_object<([\w:]+)>\("(\w+)"\)((?:\s*\.field\("\w+",\s*&[\w:]+\))+)/g)) {
    const fields = [...m[3].matchAll(/\.field\("(\w+)",\s*&[\w:]+::(\w+)\)/g)].map((f) => ({ js: f[1], member: f[2] }));
    objects.push({ cpp: m[1].replace(/^.*::/, ''), js: m[2], fields });
  }
  const arrays = [];
  for (const m of text.matchAll(/value_array<(.*?)>\("(\w+)"\)/g)) {
    const a = /^std::array<([\w:]+),\s*(\d+)>$/.exec(m[1].trim());
    if (a) arrays.push({ cpp: m[1].replace(/\s+/g, ''), js: m[2], element: a[1], n: Number(a[2]) });
  }
  const functions = [...text.matchAll(/\bfunction\("(\w+)",\s*&([\w:]+)\)/g)].map((f) => ({ js: f[1], cpp: f[2].replace(/^.*::/, '') }));
  return { objects, arrays, functions };
}

/** The C++ definition of fn: return type, parameters, and the @param/@returns lines above it. */
function definition(text, fn) {
  const re = new RegExp(`((?:^//.*\\n)*)^(?:inline\\s+)?([\\w:<>]+)\\s+${fn}\\(([^)]*)\\)\\s*(?:const\\s*)?\\{`, 'm');
  const m = re.exec(text);
  if (!m) throw new Error(`no definition of ${fn}`);
  const notes = m[1];
  const params = m[3].trim() ? m[3].split(',').map((p) => {
    const d = /^(.*\S)\s+(\w+)$/.exec(p.trim());
    return { type: bare(d[1]), name: d[2] };
  }) : [];
  const returns = /^\/\/\s*@returns\s*\{([^}]+)\}/m.exec(notes)?.[1];
  const paramTypes = new Map([...notes.matchAll(/^\/\/\s*@param\s*\{([^}]+)\}\s*(\w+)/gm)].map((p) => [p[2], p[1]]));
  return { ret: m[2], params, returns, paramTypes };
}

/**
 * The .d.ts text of one binding.
 * @param {string} binding
 * @param {string} name the raw module's interface name
 * @param {string} [base] the checkout the path is relative to
 */
export function render(binding, name, base = root) {
  const text = sources(binding, base);
  const types = structs(text);
  const { objects, arrays, functions } = registrations(text);
  const tuples = new Map(arrays.map((a) => [a.cpp, a]));
  const jsName = new Map(objects.map((o) => [o.cpp, o.js]));
  const cppName = new Map(objects.map((o) => [o.js, o.cpp]));
  const used = new Set();
  const tsOf = (cpp, where, val) => {
    const t = bare(cpp).replace(/^.*::/, '');
    if (NUMBER.has(bare(cpp))) return 'number';
    if (bare(cpp) === 'bool') return 'boolean';
    if (bare(cpp) === 'std::string') return 'string';
    if (t === 'val') {
      if (!val) throw new Error(`${binding}: ${where} is an emscripten::val without a {TypeScript type}`);
      for (const w of val.match(/\w+/g) ?? []) if (cppName.has(w)) used.add(cppName.get(w));
      return val;
    }
    if (jsName.has(t)) { used.add(t); return jsName.get(t); }
    const tuple = tuples.get(bare(cpp).replace(/\s+/g, '').replace(/^attn::/, ''));
    if (tuple) { used.add(tuple.cpp); return tuple.js; }
    throw new Error(`${binding}: ${where} has type ${cpp}, which maps to no TypeScript type`);
  };
  const api = [`export interface ${name} {`];
  for (const f of functions) {
    const d = definition(text, f.cpp);
    const params = d.params.map((p) => `${camel(p.name)}: ${tsOf(p.type, `${f.cpp}(${p.name})`, d.paramTypes.get(p.name) ?? 'unknown')}`);
    api.push(`  ${f.js}(${params.join(', ')}): ${tsOf(d.ret, `${f.cpp}()`, d.returns)};`);
  }
  api.push('}', '');
  // The value objects the functions reach, in registration order (a field may reach more).
  const blocks = new Map();
  for (let grew = true; grew;) {
    grew = false;
    for (const a of arrays) {
      if (!used.has(a.cpp) || blocks.has(a.cpp)) continue;
      grew = true;
      const element = tsOf(a.element, a.js);
      blocks.set(a.cpp, [`export type ${a.js} = [${Array(a.n).fill(element).join(', ')}];`, '']);
    }
    for (const o of objects) {
      if (!used.has(o.cpp) || blocks.has(o.cpp)) continue;
      grew = true;
      const members = types.get(o.cpp);
      if (!members) throw new Error(`${binding}: no struct ${o.cpp} (value_object "${o.js}")`);
      const block = [`export interface ${o.js} {`];
      for (const f of o.fields) {
        const m = members.get(f.member);
        if (!m) throw new Error(`${binding}: struct ${o.cpp} has no member ${f.member} on a line of its own`);
        const typed = /^\{([^}]+)\}\s*(.*)$/.exec(m.doc);
        const doc = typed ? typed[2] : m.doc;
        if (doc) block.push(`  /** ${doc.replace(/\*\//g, '* /')} */`);
        block.push(`  ${f.js}: ${tsOf(m.type, `${o.cpp}::${f.member}`, typed?.[1])};`);
      }
      block.push('}', '');
      blocks.set(o.cpp, block);
    }
  }
  const out = [
    `// Generated by scripts/gen-binding-types.mjs from ${binding}: do not edit.`,
    '// The raw Embind module: what the loader calls (it checks the arguments first,',
    '// with full messages, and throws the errors these functions return).',
    '',
  ];
  for (const o of [...objects, ...arrays]) if (blocks.has(o.cpp)) out.push(...blocks.get(o.cpp));
  return [...out, ...api].join('\n');
}

/** Every typed module's output: { [path]: text }. */
export function generate() {
  return Object.fromEntries(TYPED.map((t) => [t.out, render(t.binding, t.name)]));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [path, text] of Object.entries(generate())) {
    let current = '';
    try { current = readFileSync(join(root, path), 'utf8'); } catch { /* missing: stale */ }
    if (current === text) continue;
    if (check) { console.error(`${path} is stale: run node scripts/gen-binding-types.mjs`); stale++; }
    else writeFileSync(join(root, path), text);
  }
  process.exit(stale ? 1 : 0);
}
