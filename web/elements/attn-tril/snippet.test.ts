// "Copy as PyTorch": the script for each state in e2e/golden/tril_snippet/states.json is
// NAME.py there. scripts/gen_tril_golden.py runs those files with Debian's PyTorch
// (NAME.out), and e2e/tril.spec.ts checks that the element shows exactly the numbers
// PyTorch prints. A changed script fails here until the files are rewritten
// (`npx vitest run web/elements/attn-tril -u`) and the .out files regenerated.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULTS, resolveState, type Attr } from './parse';
import { pytorchSnippet } from './snippet';

const dir = new URL('../../../e2e/golden/tril_snippet/', import.meta.url);
const states = JSON.parse(readFileSync(new URL('states.json', dir), 'utf8')) as Record<string, Partial<Record<Attr, string>> | string>;

describe('attn-tril PyTorch script', () => {
  for (const [name, attrs] of Object.entries(states)) {
    if (typeof attrs === 'string') continue;
    it(`is the checked script for state ${name}`, async () => {
      const { state, errors } = resolveState(attrs, DEFAULTS);
      expect(errors).toEqual([]);
      await expect(pytorchSnippet(state)).toMatchFileSnapshot(new URL(`${name}.py`, dir).pathname);
    });
  }

  it('never lets PyTorch switch to scientific notation (the element shows 4 decimals)', () => {
    expect(pytorchSnippet({ ...DEFAULTS, perm: [...DEFAULTS.perm], parts: [...DEFAULTS.parts] }))
      .toContain('torch.set_printoptions(precision=4, sci_mode=False)');
  });
});
