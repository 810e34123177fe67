// The bank format's limits are written once, in bank.ts (LIMITS, BANK_NAME,
// ITEM_ID); the author docs quote them. This test fails when a doc states a
// number the validator does not use.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BANK_NAME, ITEM_ID, LIMITS } from './bank';

const root = new URL('../../../', import.meta.url);
const DOCS = ['docs/bank-format.md', 'web/elements/attn-quiz/README.md'];
const read = (p: string) => readFileSync(new URL(p, root), 'utf8').replace(/\s+/g, ' ');
const n = (s: string) => Number(s.replace(/,/g, ''));

describe.each(DOCS)('%s quotes bank.ts', (doc) => {
  const text = read(doc);
  const one = (re: RegExp): string => {
    const m = text.match(re);
    expect(m, `${doc}: ${re}`).not.toBeNull();
    return m![1]!;
  };

  it('entries, prompts and options', () => {
    expect(n(one(/`questions` \| required, 1–(\d+) entries/))).toBe(LIMITS.maxQuestions);
    expect(n(one(/`open` \| optional, 0–(\d+) open prompts/))).toBe(LIMITS.maxOpen);
    const [lo, hi] = one(/`questions\[i\]\.options` \| required, (\d+–\d+) texts/).split('–').map(Number);
    expect([lo, hi]).toEqual([LIMITS.minOptions, LIMITS.maxOptions]);
  });

  it('string lengths and the whole text', () => {
    expect(n(one(/`href` \| optional link \(relative or http\(s\), ≤ (\d+) char/))).toBe(LIMITS.maxHref);
    expect(n(one(/`questions\[i\]\.section` \| required, ≤ (\d+) char/))).toBe(LIMITS.maxShortString);
    expect(n(one(/at most (\d+) characters[. ]/))).toBe(LIMITS.maxString);
    expect(n(one(/at most (\d{1,3}(?:,\d{3})+) characters/))).toBe(LIMITS.maxChars);
  });

  it('id patterns', () => {
    if (text.includes('`id` |')) expect(text).toContain(`\`${BANK_NAME.source}\``);
    expect(text).toContain(`\`${ITEM_ID.source}\``);
  });
});

it('the quiz README states how many problems an invalid bank lists', () => {
  expect(read('web/elements/attn-quiz/README.md')).toContain(`lists up to ${LIMITS.maxIssues} problems`);
});
