// @vitest-environment happy-dom
// The block page's prose quotes numbers: each one must come from the engine's
// defaults (cpp/src/limits.hpp through limits.js), be derived from them, or be
// a figure of the baseline run's log (PyTorch's, cpp/tests/data). A number
// typed into the page that no source gives fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TRAIN_LIMITS as TL } from '../engine/shared/limits.js';
import { BASELINE_LOG, parseLogLine } from './block-runs';

const html = readFileSync('web/block.html', 'utf8');

/** The page's visible prose: no head, code, sources list, section numbers or markup. */
function prose(): string {
  return html
    .replace(/<head>[\s\S]*?<\/head>/, '')
    .replace(/<pre[\s\S]*?<\/pre>/g, '')
    .replace(/<ul class="sources">[\s\S]*?<\/ul>/, '')
    .replace(/<span class="num">\d+<\/span>/g, '')
    .replace(/<[^>]+>/g, ' ');
}

describe('the block page\'s numbers', () => {
  const last = parseLogLine(BASELINE_LOG[BASELINE_LOG.length - 1]!)!;
  const headSize = TL.defaultNEmbd / TL.defaultNHead;
  // Each number the prose may quote, with where it comes from.
  const sources = new Map<string, string>([
    [String(TL.defaultNEmbd), 'n_embd (limits.hpp default_n_embd)'],
    [String(TL.defaultNHead), 'n_head (default_n_head)'],
    [String(headSize), 'head_size = n_embd / n_head'],
    [String(TL.defaultNLayer), 'n_layer (default_n_layer)'],
    [String(TL.defaultBlock), 'block_size (default_block)'],
    [String(TL.gptNLayer), 'gpt\'s n_layer (gpt_n_layer)'],
    [String(TL.gptBlock), 'gpt\'s block_size (gpt_block)'],
    [String(TL.gptDropout), 'gpt\'s dropout (gpt_dropout)'],
    [String(4 * TL.defaultNEmbd), 'the feed-forward layer\'s width, 4 · n_embd'],
    [String(TL.blockIters), 'steps (block_iters)'],
    [String(TL.blockEvalInterval), 'evaluation interval (block_eval_interval)'],
    [String(TL.defaultSeed), 'the seed (default_seed)'],
    [String(last.step), 'the baseline\'s last evaluation step'],
    [(last.val / 1e4).toFixed(4), 'the baseline\'s last val loss'],
    ['0', 'dropout set to 0'],
    ['0.5', 'the exponent of head_size^−0.5'],
    ['1', '1/(1−p), the dropout scale'],
    ['2', '2 × n_layer × …, and +2 days'],
  ]);
  // "Sections 3, 4 and 5": the page's own section numbers.
  for (const m of html.matchAll(/<span class="num">(\d+)<\/span>/g)) if (!sources.has(m[1]!)) sources.set(m[1]!, 'a section of this page');

  it('quotes the baseline run with its settings and its printed val loss', () => {
    expect(last.step).toBe(4500);
    for (const lang of ['zh-CN', 'en']) {
      const lede = new RegExp(`<p class="lede [a-z]+" lang="${lang}">([^<]*)</p>`).exec(html)![1]!;
      expect(lede).toContain((last.val / 1e4).toFixed(4));
      expect(lede).toContain(String(TL.defaultSeed));
      expect(lede).toContain(String(TL.headIters));
    }
  });

  it('quotes the gpt section\'s defaults as limits.hpp sets them', () => {
    const gpt = /<section id="block-gpt"[\s\S]*?<\/section>/.exec(html)![0];
    for (const n of [`n_layer = ${TL.gptNLayer}`, `block_size = ${TL.gptBlock}`, `p = ${TL.gptDropout}`]) expect(gpt).toContain(n);
    // Only the layers and the context grow: the width is the other sections'.
    expect(TL.gptNEmbd).toBe(TL.defaultNEmbd);
    expect(gpt).toContain(`${TL.defaultNLayer} 和 ${TL.defaultBlock}`);
    expect(gpt).toContain(`${TL.defaultNLayer} and ${TL.defaultBlock} in the sections before`);
  });

  it('quotes no number that the engine\'s defaults or the baseline log do not give', () => {
    const found = prose().match(/\d+(?:\.\d+)?(?:e-?\d+)?/g) ?? [];
    const unknown = [...new Set(found)].filter((n) => !sources.has(n) && !(n === '1e-3' && TL.blockLr === 1e-3));
    expect(unknown).toEqual([]);
    // And the learning rate, as the lecture writes it.
    expect(prose()).toContain('1e-3');
    expect(TL.blockLr).toBe(1e-3);
  });
});
