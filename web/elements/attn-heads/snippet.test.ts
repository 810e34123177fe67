// "Copy as PyTorch" / Download: the script for each state in
// e2e/golden/bonus_snippet/states.json is NAME.py there. scripts/gen_bonus_golden.py
// runs those files with Debian's PyTorch (NAME.out), and e2e/heads.spec.ts checks
// that the element shows the numbers PyTorch prints. A changed script fails here
// until the files are rewritten (`npx vitest run web/elements/attn-heads -u`) and
// the .out files regenerated.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULTS, resolveState, type Attr } from './parse';
import { BONUS_FILE, pytorchSnippet } from './snippet';

const dir = new URL('../../../e2e/golden/bonus_snippet/', import.meta.url);
type Entry = { attrs: Partial<Record<Attr, string>>; head: [number, number] };
const states = JSON.parse(readFileSync(new URL('states.json', dir), 'utf8')) as Record<string, Entry | string>;

describe('attn-heads PyTorch script', () => {
  for (const [name, entry] of Object.entries(states)) {
    if (typeof entry === 'string') continue;
    it(`is the checked script for state ${name}`, async () => {
      const { state, errors } = resolveState((a) => entry.attrs[a] ?? null, DEFAULTS);
      expect(errors).toEqual([]);
      await expect(pytorchSnippet(state, ...entry.head)).toMatchFileSnapshot(new URL(`${name}.py`, dir).pathname);
    });
  }

  it('masks only when causal, and falls back without scaled_dot_product_attention', () => {
    const causal = pytorchSnippet({ ...DEFAULTS, causal: true }, 1, 2);
    expect(causal).toContain('masked_fill(~causal, float("-inf"))');
    expect(causal).toContain('is_causal=True');
    expect(causal).toContain('print(mine[1, 2])');
    expect(causal).toContain('if hasattr(F, "scaled_dot_product_attention"):');
    const open = pytorchSnippet(DEFAULTS, 0, 0);
    expect(open).not.toContain('masked_fill');
    expect(open).toContain('is_causal=False');
    expect(BONUS_FILE).toBe('0001_bonus_torch_check.py');
  });
});
