// docs/elements.md from the elements' READMEs: the shared rules (written
// here once) and, per element, its README's opening paragraph and first
// example, with a link to the README, which is the reference. Elements are
// listed in the order of the package's exports.
//   node scripts/gen-elements-doc.mjs          rewrite docs/elements.md
//   node scripts/gen-elements-doc.mjs --check  exit 1 if it is stale
import { readFileSync, writeFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const read = (p) => readFileSync(new URL(p, root), 'utf8');

const COMMON = `Common to all of them:

- \`lang\`: \`zh-CN\` (default) or \`en\`; without it, the nearest \`lang\` up the
  tree, then \`zh-CN\`. Changing it re-renders.
- Boolean attributes are presence attributes, as in HTML (\`causal\`,
  \`positions\`, \`unmasked\`): absent is off, present is on, and the values
  \`off\`, \`false\`, \`0\`, \`no\` also mean off (older pages' \`="on"\` /
  \`="off"\` keep working). An attribute with more than two values
  (\`scale\`) takes the same words wherever it appears.
- Events bubble and are \`composed\` (they cross shadow roots), so you can
  listen on \`document\`.
- Bad attribute values never throw: the element keeps the last valid value
  and shows what was wrong, as text. An attribute in a README's table with a
  property is reflected: the property (camelCase, \`dk-max\` → \`dkMax\`)
  reads the parsed value and setting it writes the attribute.
- \`updateComplete\` (read-only property): a \`Promise<boolean>\` that resolves
  (to \`true\`) once the element shows its current attributes: renders are
  batched into the next frame (or run after 100 ms where the document gets no
  frames, as a cross-origin iframe out of view), and the promise waits for
  that render and for the work it started (an engine loading, a bank being fetched, a run, a
  copy). It resolves at once when nothing is pending. Wait on it instead of a
  timer: \`el.setAttribute('dk', '64'); await el.updateComplete;\`.
- A click is never lost to a render or to the page moving: a press that began
  on a button or an option clicks it, once, when it is released on the
  redrawn control, or with the pointer where it went down (within 10 px) while
  a render rebuilt the control or the page moved it away (a section above
  still loading). A pointer moved off the control before the release cancels,
  as browsers do.
- Shadow DOM (open) with constructable stylesheets; themable through the
  custom properties and \`::part()\` names each README lists. Light and dark
  defaults follow \`prefers-color-scheme\` and meet WCAG AA; motion stops under
  \`prefers-reduced-motion: reduce\`.

Shared custom properties (each element documents which it uses):
\`--attn-fg\`, \`--attn-bg\`, \`--attn-muted\`, \`--attn-border\`, \`--attn-surface\`,
\`--attn-accent\`, \`--attn-focus\`, \`--attn-font\`, \`--attn-font-mono\` (the font of
code, matrices and typed answers; default: the system's monospace).
`;

export function elementsDoc() {
  const names = Object.keys(JSON.parse(read('package.json')).exports)
    .filter((k) => /^\.\/attn-[a-z]+$/.test(k)).map((k) => k.slice(2));
  const sections = names.map((name) => {
    const readme = read(`web/elements/${name}/README.md`);
    const body = readme.replace(/^# .*\n+/, '');
    const opening = body.split(/\n\s*\n/)[0].trim();
    const example = /```html\n[\s\S]*?```/.exec(body)?.[0] ?? '';
    return [`## \`<${name}>\``, opening, example, `Attributes, properties, events, parts: [its README](../web/elements/${name}/README.md).`]
      .filter(Boolean).join('\n\n');
  });
  return [
    '# The elements',
    `${names.length} custom elements, defined by \`attention-lab.js\` when they appear in the page (see\n[embedding.md](embedding.md)). This page is made from the elements' READMEs\n(\`node scripts/gen-elements-doc.mjs\`); each README is the reference.`,
    COMMON.trim(),
    ...sections,
  ].join('\n\n') + '\n';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const want = elementsDoc();
  const path = new URL('docs/elements.md', root);
  if (process.argv.includes('--check')) {
    if (readFileSync(path, 'utf8') !== want) { console.error('docs/elements.md is stale: run node scripts/gen-elements-doc.mjs'); process.exit(1); }
  } else writeFileSync(path, want);
}
