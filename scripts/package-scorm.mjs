// npm run package: SCORM 1.2 packages of the lesson pages, from the site build.
//
//   dist/packages/attention-lab-lesson-01-scorm12.zip   (launch: index.html)
//   dist/packages/attention-lab-reading-scorm12.zip     (launch: reading.html)
//
// Each zip is one SCO: every file the site build emitted under dist/ (so new
// assets, workers and data files come along by themselves), less what a
// lesson page never loads (the author library dist/lib/, the iframe embed,
// the other lesson page, earlier packages, second copies of a file that
// nothing names: see unusedCopies), plus imsmanifest.xml listing
// every file. In the packaged copy of the page, links to files not in this
// SCO (the other page, the embed) are made inert and links out of the package
// open in a new window (the SCO keeps its LMS session). Zipped with fflate;
// reproducible bytes: entries sorted by path, one fixed timestamp, fixed
// compression level.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { zipSync } from 'fflate';

const root = resolve(import.meta.dirname, '..');
const DIST = join(root, 'dist');

export const PACKAGES = [
  {
    slug: 'lesson-01', file: 'attention-lab-lesson-01-scorm12.zip', launch: 'index.html',
    titleZh: '第 1 课 · 缩放点积注意力', titleEn: 'Lesson 1 · Scaled dot-product attention',
  },
  {
    slug: 'reading', file: 'attention-lab-reading-scorm12.zip', launch: 'reading.html',
    titleZh: '阅读笔记 · Karpathy 的自注意力', titleEn: 'Reading note · Karpathy on self-attention',
  },
];
export const MASTERY_SCORE = 80;
/** The site build is not there (a fresh clone): said in one line, without a stack trace. */
export class MissingBuild extends Error {}
/** Every entry carries this time (local fields, so the DOS date is the same in every time zone). */
const FIXED_TIME = new Date(2026, 0, 1, 0, 0, 0);
const PAGES = PACKAGES.map((p) => p.launch);

/** Paths (posix, relative to dist/) a packaged page never loads. */
function excluded(path, launch) {
  if (path.startsWith('packages/') || path.startsWith('lib/')) return true;
  // the iframe embed: embed.html, .css, its loader embed.js, embed-<widget>.js, embed-wasm-<module>.js
  if (/^embed(-[\w-]+)?\.(html|js|css)$/.test(path)) return true;
  return PAGES.includes(path) && path !== launch;
}

async function walk(dir) {
  const out = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(p)));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

const xml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The SCORM 1.2 manifest (IMS CP 1.1.2 + ADL CP 1.2 + IMS MD 1.2.1). */
export function manifest(pkg, files) {
  const id = `attention-lab-${pkg.slug}`;
  const desc = `${pkg.titleEn}. attention-lab: scaled dot-product self-attention computed in C++/WebAssembly in the browser; no network. Chinese (zh-CN) by default, English on the page's switch.`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${id}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:imsmd="http://www.imsglobal.org/xsd/imsmd_rootv1p2p1"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
    <imsmd:lom>
      <imsmd:general>
        <imsmd:title><imsmd:langstring xml:lang="zh-CN">${xml(pkg.titleZh)}</imsmd:langstring></imsmd:title>
        <imsmd:language>zh-CN</imsmd:language>
        <imsmd:description><imsmd:langstring xml:lang="en">${xml(desc)}</imsmd:langstring></imsmd:description>
      </imsmd:general>
    </imsmd:lom>
  </metadata>
  <organizations default="${id}-org">
    <organization identifier="${id}-org">
      <title>${xml(pkg.titleZh)}</title>
      <item identifier="${id}-item" identifierref="${id}-sco" isvisible="true">
        <title>${xml(pkg.titleZh)}</title>
        <adlcp:masteryscore>${MASTERY_SCORE}</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="${id}-sco" type="webcontent" adlcp:scormtype="sco" href="${xml(pkg.launch)}">
${files.map((f) => `      <file href="${xml(f)}"/>`).join('\n')}
    </resource>
  </resources>
</manifest>
`;
}

const SCO = 'https://sco.invalid/';

/**
 * The packaged copy of the launch page. A link to a file that is not in this
 * SCO (the other lesson page, the iframe embed) loses its href: followed, it
 * would end the LMS session on a "not found" page. A link out of the package
 * (http/https) opens in a new window, so the SCO (and its LMS session) stays.
 * `packaged` is the set of paths in the zip; without it, the exclusion rules.
 */
export function packagePage(html, launch, packaged = null) {
  const has = (path) => (packaged ? packaged.has(path) : !excluded(path, launch));
  return html.replace(/<a\b[^>]*>/gi, (tag) => {
    const m = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag);
    if (!m) return tag;
    const href = (m[1] ?? m[2] ?? '').trim();
    let url;
    try { url = new URL(href.replace(/&amp;/g, '&'), SCO + launch); } catch { return tag; }
    if (url.href.startsWith(SCO)) {
      if (href.startsWith('#')) return tag;
      let path;
      try { path = decodeURIComponent(url.pathname.slice(1)); } catch { path = url.pathname.slice(1); }
      if (path === '' || path.endsWith('/')) path += 'index.html';
      return has(path) ? tag : tag.slice(0, m.index) + tag.slice(m.index + m[0].length);
    }
    if ((url.protocol === 'https:' || url.protocol === 'http:') && !/\starget\s*=/i.test(tag)) {
      const rel = /\srel\s*=/i.test(tag) ? '' : ' rel="noopener noreferrer"';
      return `${tag.slice(0, -1).replace(/\s*\/$/, '')}${rel} target="_blank">`;
    }
    return tag;
  });
}

/** Files whose text may name another file of the package. */
const NAMING = /\.(html|js|mjs|css|json|svg)$/;

/**
 * Copies nothing asks for: of files with the same bytes, those whose name no
 * page, script, style or JSON file of the package mentions, when another copy's
 * name is mentioned. (The site build emits the training text three times: the
 * hashed copy under assets/ the page loads, public/'s data/ copy and the
 * embed's; only the first belongs in a SCO.) A group with no copy named keeps all.
 */
export function unusedCopies(files) {
  const groups = new Map();
  for (const [p, bytes] of files) {
    const h = createHash('sha256').update(bytes).digest('hex');
    groups.set(h, [...(groups.get(h) ?? []), p]);
  }
  const text = [...files].filter(([p]) => NAMING.test(p)).map(([, b]) => Buffer.from(b).toString('utf8')).join('\n');
  const named = (p) => text.includes(p.slice(p.lastIndexOf('/') + 1));
  const drop = new Set();
  for (const copies of groups.values()) {
    if (copies.length < 2 || copies.every((p) => !NAMING.test(p) && !named(p))) continue;
    for (const p of copies) if (!NAMING.test(p) && !named(p)) drop.add(p);
  }
  return drop;
}

/** The files of one package: path -> bytes, sorted by path, manifest included. */
export async function packageFiles(pkg, dist = DIST) {
  if (!existsSync(join(dist, pkg.launch))) throw new MissingBuild(`${relative(root, join(dist, pkg.launch)) || pkg.launch} is missing: build the site first (npm run package does; or npx vite build)`);
  const all = (await walk(dist)).map((p) => relative(dist, p).split(sep).join('/'));
  const read = new Map();
  for (const p of all.filter((x) => !excluded(x, pkg.launch)).sort()) read.set(p, await readFile(join(dist, p)));
  const drop = unusedCopies(read);
  const paths = [...read.keys()].filter((p) => !drop.has(p));
  const packaged = new Set(paths);
  const files = new Map();
  for (const p of paths) {
    let bytes = read.get(p);
    if (p === pkg.launch) bytes = Buffer.from(packagePage(bytes.toString('utf8'), pkg.launch, packaged), 'utf8');
    files.set(p, bytes);
  }
  files.set('imsmanifest.xml', Buffer.from(manifest(pkg, paths), 'utf8'));
  return new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function zip(files) {
  const entries = {};
  for (const [p, bytes] of files) entries[p] = [new Uint8Array(bytes), { level: 9, mtime: FIXED_TIME, os: 0, attrs: 0 }];
  return zipSync(entries);
}

/**
 * Writes every package to `<dist>/packages/`; returns [path, file count, bytes] per package.
 * @returns {Promise<[string, number, number][]>}
 */
export async function writePackages(dist = DIST) {
  const out = join(dist, 'packages');
  /** @type {[string, number, number][]} */
  const written = [];
  for (const pkg of PACKAGES) {
    const files = await packageFiles(pkg, dist);
    const bytes = zip(files);
    await mkdir(out, { recursive: true });
    await writeFile(join(out, pkg.file), bytes);
    written.push([join(out, pkg.file), files.size, bytes.length]);
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    for (const [path, n, size] of await writePackages()) {
      console.log(`${relative(root, path)}: ${n} files, ${(size / 1024).toFixed(1)} KB`);
    }
  } catch (e) {
    if (!(e instanceof MissingBuild)) throw e;
    console.error(`package-scorm: ${e.message}`);
    process.exitCode = 1;
  }
}
