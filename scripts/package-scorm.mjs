// npm run package: SCORM 1.2 and SCORM 2004 4th edition packages of every
// lesson page, from the site build.
//
//   dist/packages/attention-lab-lesson-01-scorm12.zip     (launch: index.html)
//   dist/packages/attention-lab-lesson-01-scorm2004.zip
//   dist/packages/attention-lab-reading-scorm12.zip       (launch: reading.html)
//   dist/packages/attention-lab-reading-scorm2004.zip
//
// The lesson pages are the HTML inputs of the site build (vite.config.ts's
// build.rollupOptions.input): a page added there gets its packages without a
// change here (its title is read from the built page's <title>).
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
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import { zipSync } from 'fflate';

const root = resolve(import.meta.dirname, '..');
const DIST = join(root, 'dist');

/** The site build's HTML inputs (`web/<page>.html` in vite.config.ts), in the order listed there. */
export function lessonPages(config = readFileSync(join(root, 'vite.config.ts'), 'utf8')) {
  const block = /\binput\s*:\s*\{([^}]*)\}/.exec(config)?.[1] ?? '';
  const pages = [...block.matchAll(/['"`]web\/([\w.-]+\.html)['"`]/g)].map((m) => m[1]);
  return [...new Set(pages)];
}

/** What a page's package is called and titled, where the page's own <title> is not enough (names kept from the first release). */
const KNOWN = {
  'index.html': { slug: 'lesson-01', titleZh: '第 1 课 · 缩放点积注意力', titleEn: 'Lesson 1 · Scaled dot-product attention' },
  'reading.html': { slug: 'reading', titleZh: '阅读笔记 · Karpathy 的自注意力', titleEn: 'Reading note · Karpathy on self-attention' },
  'block.html': { slug: 'block', titleZh: '拼出 Transformer Block', titleEn: 'Assembling the Transformer block' },
};

/** The package kinds, each page gets one of each. */
export const KINDS = ['scorm12', 'scorm2004', 'cmi5'];

/**
 * Every package of these pages: one per page and kind.
 * @param {string[]} pages
 * @returns {{ slug: string, titleZh?: string, titleEn?: string, kind: string, launch: string, file: string }[]}
 */
export function packagesFor(pages) {
  return pages.flatMap((launch) => {
    const known = KNOWN[launch] ?? { slug: basename(launch, '.html') };
    return KINDS.map((kind) => ({ ...known, kind, launch, file: `attention-lab-${known.slug}-${kind}.zip` }));
  });
}

export const PACKAGES = packagesFor(lessonPages());
export const MASTERY_SCORE = 80;
/** The site build is not there (a fresh clone): said in one line, without a stack trace. */
export class MissingBuild extends Error {}
/** Every entry carries this time (local fields, so the DOS date is the same in every time zone). */
const FIXED_TIME = new Date(2026, 0, 1, 0, 0, 0);
const PAGES = [...new Set(PACKAGES.map((p) => p.launch))];

/** The page's title from its <title> (without the site's name), for a page KNOWN does not name. */
export function pageTitle(html) {
  const t = /<title>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() ?? '';
  return t.replace(/\s*·\s*attention-lab\s*$/, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>') || 'attention-lab';
}

/** Paths (posix, relative to dist/) a packaged page never loads. */
function excluded(path, launch, pages = PAGES) {
  if (path.startsWith('packages/') || path.startsWith('lib/')) return true;
  // the iframe embed: embed.html, .css, its loader embed.js, embed-<widget>.js, embed-wasm-<module>.js
  if (/^embed(-[\w-]+)?\.(html|js|css)$/.test(path)) return true;
  return pages.includes(path) && path !== launch;
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
  if (pkg.kind === 'scorm2004') return manifest2004(pkg, files);
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

/**
 * The SCORM 2004 4th edition manifest (IMS CP 1.1.4 + ADL CP/SEQ/NAV 1.3 +
 * IMS SS 1.0): one SCO; its primary objective is satisfied by measure, at the
 * quiz's pass mark, so the LMS hands the SCO cmi.scaled_passing_score 0.8.
 */
export function manifest2004(pkg, files) {
  const id = `attention-lab-${pkg.slug}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${id}-2004" version="1.0"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="${id}-org">
    <organization identifier="${id}-org">
      <title>${xml(pkg.titleZh)}</title>
      <item identifier="${id}-item" identifierref="${id}-sco" isvisible="true">
        <title>${xml(pkg.titleZh)}</title>
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="${id}-quiz" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${MASTERY_SCORE / 100}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>
      </item>
      <imsss:sequencing>
        <imsss:controlMode choice="true" flow="true"/>
      </imsss:sequencing>
    </organization>
  </organizations>
  <resources>
    <resource identifier="${id}-sco" type="webcontent" adlcp:scormType="sco" href="${xml(pkg.launch)}">
${files.map((f) => `      <file href="${xml(f)}"/>`).join('\n')}
    </resource>
  </resources>
</manifest>
`;
}

/**
 * The cmi5 course structure: one course, one AU (the page, by relative URL),
 * moveOn CompletedOrPassed, masteryScore the quiz's pass mark (scaled).
 */
export function cmi5Structure(pkg) {
  const id = `urn:attention-lab:${pkg.slug}`;
  const titleEn = pkg.titleEn ?? pkg.titleZh;
  const langs = (zh, en) => `<langstring lang="zh-CN">${xml(zh)}</langstring><langstring lang="en">${xml(en)}</langstring>`;
  const desc = 'attention-lab: scaled dot-product self-attention computed in C++/WebAssembly in the browser.';
  return `<?xml version="1.0" encoding="UTF-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="${id}:course">
    <title>${langs(pkg.titleZh, titleEn)}</title>
    <description>${langs(pkg.titleZh, `${titleEn}. ${desc}`)}</description>
  </course>
  <au id="${id}:au" moveOn="CompletedOrPassed" masteryScore="${MASTERY_SCORE / 100}" launchMethod="AnyWindow">
    <title>${langs(pkg.titleZh, titleEn)}</title>
    <description>${langs(pkg.titleZh, titleEn)}</description>
    <url>${xml(pkg.launch)}</url>
  </au>
</courseStructure>
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
export async function packageFiles(pkg, dist = DIST, pages = PAGES) {
  if (!existsSync(join(dist, pkg.launch))) throw new MissingBuild(`${relative(root, join(dist, pkg.launch)) || pkg.launch} is missing: build the site first (npm run package does; or npx vite build)`);
  const all = (await walk(dist)).map((p) => relative(dist, p).split(sep).join('/'));
  const read = new Map();
  for (const p of all.filter((x) => !excluded(x, pkg.launch, pages)).sort()) read.set(p, await readFile(join(dist, p)));
  const drop = unusedCopies(read);
  const paths = [...read.keys()].filter((p) => !drop.has(p));
  const packaged = new Set(paths);
  if (!pkg.titleZh) pkg = { ...pkg, titleZh: pageTitle(read.get(pkg.launch).toString('utf8')) };
  const files = new Map();
  for (const p of paths) {
    let bytes = read.get(p);
    if (p === pkg.launch) bytes = Buffer.from(packagePage(bytes.toString('utf8'), pkg.launch, packaged), 'utf8');
    files.set(p, bytes);
  }
  if (pkg.kind === 'cmi5') files.set('cmi5.xml', Buffer.from(cmi5Structure(pkg), 'utf8'));
  else files.set('imsmanifest.xml', Buffer.from(manifest(pkg, paths), 'utf8'));
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
export async function writePackages(dist = DIST, packages = PACKAGES) {
  const pages = [...new Set(packages.map((p) => p.launch))];
  const out = join(dist, 'packages');
  /** @type {[string, number, number][]} */
  const written = [];
  for (const pkg of packages) {
    const files = await packageFiles(pkg, dist, pages);
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
