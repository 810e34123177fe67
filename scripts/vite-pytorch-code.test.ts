// The reading page's code and figures come from the training script: each of
// its code blocks (filled in by vite-pytorch-code.ts) is a piece of the script
// the widget next to it hands out, word for word, in both languages, and of
// the scripts Debian's PyTorch ran (cpp/tests/data/pytorch/); every run figure
// in the quick-reference table is in the log PyTorch printed running that script.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pytorchScript, type ScriptModel } from '../web/train-script/pytorch-script';
import type { Lang } from '../web/shared/lang';
import { fillPytorchCode, lectureSettings } from './vite-pytorch-code';

const root = new URL('../', import.meta.url);
const golden = (name: string) => readFileSync(new URL(`cpp/tests/data/pytorch/${name}`, root), 'utf8');
const page = readFileSync(new URL('web/reading.html', root), 'utf8');
const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('the reading page shows the script\'s own code', () => {
  const html = fillPytorchCode(page);
  const blocks = [...html.matchAll(/<pre class="code (?:zh|en)" lang="([^"]+)" tabindex="0" data-region="(\w+)" data-model="(\w+)"><code>([^<]*)<\/code><\/pre>/g)]
    .map((m) => ({ lang: m[1] as Lang, region: m[2]!, model: m[3] as ScriptModel, code: unescape(m[4]!) }));

  it('five blocks, each in Chinese and English, in sections 0, 4, 5 and 9', () => {
    expect(html).not.toContain('<!--pytorch-code');
    expect(blocks.map((b) => `${b.region}/${b.model}/${b.lang}`)).toEqual([
      'estimate_loss/bigram/zh-CN', 'estimate_loss/bigram/en', 'embed/position/zh-CN', 'embed/position/en',
      'head_class/head/zh-CN', 'head_class/head/en', 'forward/head/zh-CN', 'forward/head/en',
      'generate/head/zh-CN', 'generate/head/en',
    ]);
    const sectionOf = (region: string) => {
      const at = html.indexOf(`data-region="${region}"`);
      return [...html.slice(0, at).matchAll(/<section id="([\w-]+)"/g)].pop()![1];
    };
    expect(['estimate_loss', 'embed', 'head_class', 'forward', 'generate'].map(sectionOf))
      .toEqual(['note-ceiling', 'note-position', 'note-head', 'note-result', 'note-result']);
    const code = (r: string) => blocks.find((b) => b.region === r && b.lang === 'en')!.code;
    expect(code('estimate_loss')).toMatch(/^@torch\.no_grad\(\)\ndef estimate_loss\(\):\n[^]*model\.eval\(\)[^]*model\.train\(\)/);
    expect(code('embed')).toContain('self.position_embedding_table = nn.Embedding(block_size, n_embd)');
    expect(code('embed')).toContain('self.lm_head = nn.Linear(n_embd, vocab_size)');
    expect(code('head_class')).toContain("self.register_buffer('tril'");
    expect(code('forward')).toContain('x = self.sa_head(x)');
    expect(code('generate')).toContain('idx_cond = idx[:, -block_size:]');
  });

  it('every block is a piece of the widget\'s script, and of the scripts PyTorch ran', () => {
    const ran: Record<string, string[]> = {
      'bigram/en': [golden('bigram.py')], 'position/en': [golden('position.py')], 'head/en': [golden('head.py'), golden('head_custom.py')],
      'position/zh-CN': [golden('position_zh.py')], 'bigram/zh-CN': [golden('bigram_own_zh.py')],
    };
    for (const b of blocks) {
      expect(pytorchScript(lectureSettings(b.model), b.lang), `${b.region} ${b.lang}`).toContain(b.code);
      for (const script of ran[`${b.model}/${b.lang}`] ?? []) expect(script, `${b.region} ${b.lang}`).toContain(b.code);
    }
  });
});

describe('the quick-reference table', () => {
  const table = page.slice(page.indexOf('<table class="cheat">'), page.indexOf('</table>', page.indexOf('<table class="cheat">')));

  it('has the note\'s 10 rows, each with its explanation, in both languages', () => {
    const rows = [...table.matchAll(/<tr><th scope="row">([^]*?)<\/th><td>([^]*?)<\/td><td>([^]*?)<\/td><\/tr>/g)];
    expect(rows).toHaveLength(10);
    for (const r of rows) {
      expect(r[3]).toMatch(/<span class="zh" lang="zh-CN">[^<]+<\/span><span class="en" lang="en">[^<]+<\/span>/);
    }
  });

  it('quotes the runs\' figures from the logs PyTorch printed running the page\'s scripts', () => {
    const figures = [...table.matchAll(/<span data-run="(\w+)" data-step="(\d+)" data-split="(train|val)">([\d.]+)<\/span>/g)];
    expect(figures.length).toBeGreaterThanOrEqual(4);
    for (const [, model, step, split, value] of figures) {
      const line = golden(`${model}.log`).split('\n').find((l) => l.startsWith(`step ${step}: `));
      expect(line, `${model} step ${step}`).toBeDefined();
      const [, train, val] = /train loss ([\d.]+), val loss ([\d.]+)/.exec(line!)!;
      expect(value, `${model} step ${step} ${split}`).toBe(split === 'train' ? train : val);
    }
  });
});
