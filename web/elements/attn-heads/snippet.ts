// The PyTorch script behind "Copy as PyTorch" and Download
// (0001_bonus_torch_check.py): lesson 1's bonus check for the element's
// settings. It prints what the element shows: the shape, the allclose verdict
// and the chosen head's output rows at 4 decimals. Without
// F.scaled_dot_product_attention (PyTorch < 2.0) it says so and compares with
// the manual formula in float64.
import type { HeadsState } from './parse';

export const BONUS_FILE = '0001_bonus_torch_check.py';

export function pytorchSnippet(s: Readonly<HeadsState>, b: number, h: number): string {
  const maskLines = s.causal
    ? [
        '    causal = torch.tril(torch.ones(T, T, dtype=torch.bool))',
        '    scores = scores.masked_fill(~causal, float("-inf"))',
      ]
    : [];
  return [
    '# Lesson 1, bonus: the batched attention lines checked against PyTorch\'s fused kernel.',
    '# F.scaled_dot_product_attention needs PyTorch >= 2.0; older versions fall back to float64 math.',
    'import math',
    '',
    'import torch',
    'import torch.nn.functional as F',
    '',
    `torch.manual_seed(${s.seed})`,
    `B, H, T, d_k = ${s.batch}, ${s.heads}, ${s.tokens}, ${s.dk}  # batch, heads, tokens, head size`,
    'q, k, v = torch.randn(3, B, H, T, d_k).unbind(0)',
    '',
    '',
    'def my_attention(q, k, v):',
    '    scores = q @ k.transpose(-2, -1) / math.sqrt(k.size(-1))  # (B, H, T, T)',
    ...maskLines,
    '    return F.softmax(scores, dim=-1) @ v  # (B, H, T, d_k)',
    '',
    '',
    'mine = my_attention(q, k, v)',
    'if hasattr(F, "scaled_dot_product_attention"):',
    `    ref = F.scaled_dot_product_attention(q, k, v, is_causal=${s.causal ? 'True' : 'False'})`,
    'else:',
    '    print(f"note: PyTorch {torch.__version__} has no F.scaled_dot_product_attention (2.0+);"',
    '          " comparing with the same formula in float64")',
    '    ref = my_attention(q.double(), k.double(), v.double()).float()',
    'print("shape:", tuple(mine.shape))',
    'print("allclose:", torch.allclose(mine, ref, atol=1e-6))',
    'torch.set_printoptions(precision=4, sci_mode=False)',
    `print("mine[${b}, ${h}] =")`,
    `print(mine[${b}, ${h}])`,
    '',
  ].join('\n');
}
