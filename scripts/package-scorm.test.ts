// The packager against a small stand-in for dist/: what goes in, what stays
// out, the manifest, and reproducible bytes. (The real zips are checked in
// e2e/scorm.spec.ts, after the site build.)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { lessonPages, manifest, MASTERY_SCORE, MissingBuild, packagePage, PACKAGES, packagesFor, writePackages } from './package-scorm.mjs';

const dist = mkdtempSync(join(tmpdir(), 'attn-scorm-'));
const put = (path: string, text: string) => { mkdirSync(dirname(join(dist, path)), { recursive: true }); writeFileSync(join(dist, path), text); };
put('index.html', '<a href="./index.html">1</a> <a class="x" href="./reading.html#top">note</a> <a href="https://example.org/reading.html">ext</a>' +
  ' <a href="./embed.html?w=heatmap&amp;dk=16">embed</a> <a href="#top">top</a> <a href="banks/lesson-01.json">data</a>' +
  ' <a href="http://example.org/" rel="noopener">rel</a> <a href="https://example.org/x" target="_self">self</a> <a href="mailto:a@example.org">mail</a>');
put('reading.html', '<a href="./index.html">lesson</a>');
put('block.html', '<title>拼出 Transformer Block · attention-lab</title><a href="./reading.html">note</a>');
put('assets/index-abc.js', 'console.log(1)');
put('assets/attn_core-x.wasm', '\0asm');
put('assets/train-worker-y.js', 'self.onmessage=()=>{}');
put('data/tinyshakespeare.txt', 'First Citizen:\n');
// The training text three times, as the site build emits it: the page's chunk names only the hashed copy.
put('assets/attn-train-z.js', 'new URL("tinyshakespeare-h4sh.txt", import.meta.url)');
put('assets/tinyshakespeare-h4sh.txt', 'First Citizen:\n');
put('tinyshakespeare.txt', 'First Citizen:\n');
// Two copies nothing names: both stay (a page may build their URLs).
put('data/a.bin', 'same'); put('data/b.bin', 'same');
put('banks/lesson-01.json', '{}');
put('lib/attention-lab.js', 'export {}');
put('embed.html', 'x'); put('embed.js', 'x'); put('embed.css', 'x');
put('embed-heatmap.js', 'x'); put('embed-wasm-attn_core.js', 'x'); put('embed-wasm-attn_py.js', 'x');
put('packages/old.zip', 'old');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const hrefs = (xml: string) => [...xml.matchAll(/<file href="([^"]+)"\/>/g)].map((m) => m[1]);

describe('npm run package', () => {
  it('packs every emitted file but the library, the embed, the other page, old packages and copies nothing names, with a manifest listing them', async () => {
    const written = await writePackages(dist);
    expect(written.map(([p]) => p.slice(dist.length + 1))).toEqual(PACKAGES.map((p) => `packages/${p.file}`));
    const lesson = unzipSync(readFileSync(written[0]![0]));
    const names = Object.keys(lesson);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(['assets/attn-train-z.js', 'assets/attn_core-x.wasm', 'assets/index-abc.js', 'assets/tinyshakespeare-h4sh.txt',
      'assets/train-worker-y.js', 'banks/lesson-01.json', 'data/a.bin', 'data/b.bin', 'imsmanifest.xml', 'index.html']);
    const xml = new TextDecoder().decode(lesson['imsmanifest.xml']);
    expect(hrefs(xml).sort()).toEqual(names.filter((n) => n !== 'imsmanifest.xml'));
    expect(xml).toContain('adlcp:scormtype="sco" href="index.html"');
    expect(xml).toContain(`<adlcp:masteryscore>${MASTERY_SCORE}</adlcp:masteryscore>`);
    expect(xml).toContain('<schemaversion>1.2</schemaversion>');
    expect(xml).toContain('<title>第 1 课 · 缩放点积注意力</title>');
    expect(xml).toMatch(/<imsmd:description><imsmd:langstring xml:lang="en">Lesson 1 · Scaled dot-product attention\./);
    // Links to files not in this SCO (the other page, the embed) are inert; links
    // out of the package open in a new window; the rest is kept.
    const html = new TextDecoder().decode(lesson['index.html']);
    expect(html).toBe('<a href="./index.html">1</a> <a class="x">note</a>' +
      ' <a href="https://example.org/reading.html" rel="noopener noreferrer" target="_blank">ext</a>' +
      ' <a>embed</a> <a href="#top">top</a> <a href="banks/lesson-01.json">data</a>' +
      ' <a href="http://example.org/" rel="noopener" target="_blank">rel</a> <a href="https://example.org/x" target="_self">self</a>' +
      ' <a href="mailto:a@example.org">mail</a>');

    const at = (file: string) => written.find(([p]) => p.endsWith(`/${file}`))![0];
    const reading = unzipSync(readFileSync(at('attention-lab-reading-scorm12.zip')));
    expect(Object.keys(reading)).toContain('reading.html');
    expect(Object.keys(reading)).not.toContain('index.html');
    expect(new TextDecoder().decode(reading['reading.html'])).toBe('<a>lesson</a>');
  });

  it('a SCORM 2004 4th edition package per page: one SCO, every file listed, the pass mark as the objective\'s measure', async () => {
    const written = await writePackages(dist);
    expect(written.map(([p]) => p.slice(p.lastIndexOf('/') + 1))).toEqual([
      'attention-lab-lesson-01-scorm12.zip', 'attention-lab-lesson-01-scorm2004.zip', 'attention-lab-lesson-01-cmi5.zip',
      'attention-lab-reading-scorm12.zip', 'attention-lab-reading-scorm2004.zip', 'attention-lab-reading-cmi5.zip',
      'attention-lab-block-scorm12.zip', 'attention-lab-block-scorm2004.zip', 'attention-lab-block-cmi5.zip']);
    const z = unzipSync(readFileSync(written[1]![0]));
    const names = Object.keys(z);
    const xml = new TextDecoder().decode(z['imsmanifest.xml']);
    expect(hrefs(xml).sort()).toEqual(names.filter((n) => n !== 'imsmanifest.xml'));
    expect(xml).toContain('<schemaversion>2004 4th Edition</schemaversion>');
    expect(xml).toContain('xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"');
    expect(xml.match(/adlcp:scormType="sco"/g)).toHaveLength(1);
    expect(xml).toContain('adlcp:scormType="sco" href="index.html"');
    expect(xml).toContain(`<imsss:minNormalizedMeasure>${MASTERY_SCORE / 100}</imsss:minNormalizedMeasure>`);
    expect(xml).toContain('satisfiedByMeasure="true"');
    expect(names).not.toContain('reading.html');
    // cmi5: the course structure, one AU by relative URL, moveOn and masteryScore; no SCORM manifest.
    const c = unzipSync(readFileSync(written[2]![0]));
    expect(Object.keys(c)).toContain('index.html');
    expect(Object.keys(c)).not.toContain('imsmanifest.xml');
    const cs = new TextDecoder().decode(c['cmi5.xml']);
    expect(cs.match(/<au /g)).toHaveLength(1);
    expect(cs).toContain(`moveOn="CompletedOrPassed" masteryScore="${MASTERY_SCORE / 100}"`);
    expect(cs).toContain('<url>index.html</url>');
  });

  it('the pages are the site build\'s HTML inputs: a new page gets its packages, titled from its <title>', async () => {
    const config = `input: {\n index: resolve(here, 'web/index.html'),\n reading: resolve(here, 'web/reading.html'),\n block: resolve(here, "web/block.html"),
 next: resolve(here, "web/next.html"),\n},`;
    expect(lessonPages(config)).toEqual(['index.html', 'reading.html', 'block.html', 'next.html']);
    expect(lessonPages()).toEqual([...new Set(PACKAGES.map((p) => p.launch))]);
    put('next.html', '<title>第 4 课 · 下一课 · attention-lab</title><a href="./index.html">1</a>');
    try {
      const written = await writePackages(dist, packagesFor(lessonPages(config)));
      expect(written.map(([p]) => p.slice(p.lastIndexOf('/') + 1))).toContain('attention-lab-next-scorm2004.zip');
      const next = unzipSync(readFileSync(written.find(([p]) => p.endsWith('attention-lab-next-scorm12.zip'))![0]));
      expect(Object.keys(next)).toContain('next.html');
      expect(Object.keys(next)).not.toContain('index.html');
      expect(new TextDecoder().decode(next['imsmanifest.xml'])).toContain('<title>第 4 课 · 下一课</title>');
      const lesson = unzipSync(readFileSync(written[0]![0]));
      expect(Object.keys(lesson)).not.toContain('next.html');
    } finally {
      rmSync(join(dist, 'next.html'));
      rmSync(join(dist, 'packages'), { recursive: true, force: true });
    }
  });

  it('writes the same bytes every time, whatever the time zone or the files\' dates', async () => {
    const first = (await writePackages(dist)).map(([p]) => readFileSync(p));
    put('assets/index-abc.js', 'console.log(1)');           // touched: a new mtime on disk
    const second = (await writePackages(dist)).map(([p]) => readFileSync(p));
    expect(second).toEqual(first);
    // Another time zone needs another process (a worker thread keeps the zone it started with).
    const script = `import { writePackages } from ${JSON.stringify(new URL('./package-scorm.mjs', import.meta.url).href)};
      await writePackages(${JSON.stringify(dist)});`;
    const offsets = new Set<number>();
    for (const zone of ['America/New_York', 'Asia/Shanghai', 'Pacific/Kiritimati']) {
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', `${script}
        console.log(new Date(2026, 0, 1).getTimezoneOffset());`], { env: { ...process.env, TZ: zone } });
      offsets.add(Number(out.toString().trim()));
      expect(PACKAGES.map((p) => readFileSync(join(dist, 'packages', p.file))), zone).toEqual(first);
    }
    expect(offsets.size).toBe(3);                           // each process did run in its zone
    // DOS date of every local header: 2026-01-01 00:00:00
    const z = first[0]!;
    for (let i = 0; i + 4 <= z.length; i++) {
      if (z.readUInt32LE(i) !== 0x04034b50) continue;
      const time = z.readUInt16LE(i + 10), date = z.readUInt16LE(i + 12);
      expect([time, date]).toEqual([0, ((2026 - 1980) << 9) | (1 << 5) | 1]);
    }
  });

  it('without a site build (a fresh clone) says what to run, in one line', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'attn-scorm-empty-'));
    try {
      await expect(writePackages(join(empty, 'dist'))).rejects.toThrow(MissingBuild);
      await expect(writePackages(join(empty, 'dist'))).rejects.toThrow(/index\.html is missing: build the site first/);
      expect(existsSync(join(empty, 'dist'))).toBe(false);          // and leaves nothing behind
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('escapes XML in titles and paths', () => {
    const xml = manifest({ ...PACKAGES[0]!, titleZh: 'a & <b>' }, ['x&y.js']);
    expect(xml).toContain('<title>a &amp; &lt;b&gt;</title>');
    expect(xml).toContain('<file href="x&amp;y.js"/>');
  });

  it('packagePage leaves a page without cross links alone', () => {
    expect(packagePage('<p>hi</p>', 'index.html')).toBe('<p>hi</p>');
  });
});
