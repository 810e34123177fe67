import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { elementsDoc } from './gen-elements-doc.mjs';

describe('docs/elements.md', () => {
  it('is made from the element READMEs (node scripts/gen-elements-doc.mjs)', () => {
    expect(readFileSync(new URL('../docs/elements.md', import.meta.url), 'utf8')).toBe(elementsDoc());
  });
});
