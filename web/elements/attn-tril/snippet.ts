// "Copy as PyTorch": a script that prints the numbers the element shows, for
// its current state (the reading note's code, in the notebook's draw order).
import type { TrilState } from './parse';

export function pytorchSnippet(s: TrilState): string {
  const lines = [
    'import torch',
    'import torch.nn as nn',
    'from torch.nn import functional as F',
    // never scientific notation: the element shows 4 decimals even where PyTorch's
    // default would switch (a tensor whose values span more than 1000x, e.g. softmax(16 * t))
    'torch.set_printoptions(precision=4, sci_mode=False)',
    '',
  ];
  if (s.parts.includes('three')) {
    lines.push(
      '# three ways to average the past',
      `torch.manual_seed(${s.seed})`,
      'B, T, C = 4, 8, 2',
      'x = torch.randn(B, T, C)',
      'xbow = torch.zeros((B, T, C))',
      'for b in range(B):',
      '    for t in range(T):',
      '        xprev = x[b, :t+1]',
      '        xbow[b, t] = torch.mean(xprev, 0)',
      'wei = torch.tril(torch.ones(T, T))',
      'wei = wei / wei.sum(1, keepdim=True)',
      'xbow2 = wei @ x',
      'tril = torch.tril(torch.ones(T, T))',
      "wei3 = torch.zeros((T, T)).masked_fill(tril == 0, float('-inf'))",
      'wei3 = F.softmax(wei3, dim=-1)',
      'xbow3 = wei3 @ x',
      `print(x[${s.b}])`,
      `print(xbow[${s.b}])`,
      'print(wei3)',
      'print(max((xbow - xbow2).abs().max().item(), (xbow - xbow3).abs().max().item(), (xbow2 - xbow3).abs().max().item()))',
      'print(torch.allclose(xbow, xbow2), torch.allclose(xbow, xbow3))',
      '',
    );
  }
  if (s.parts.includes('head') || s.parts.includes('permutation')) {
    lines.push(
      '# one head of self-attention, data-dependent weights',
      `torch.manual_seed(${s.seed})`,
      'B, T, C = 4, 8, 32',
      'head_size = 16',
      'x = torch.randn(B, T, C)',
      'key = nn.Linear(C, head_size, bias=False)',
      'query = nn.Linear(C, head_size, bias=False)',
      'value = nn.Linear(C, head_size, bias=False)',
      'pos = nn.Embedding(T, C)  # drawn after the three layers',
      'with torch.no_grad():',
      '    k, q, v = key(x), query(x), value(x)',
      '    raw = q @ k.transpose(-2, -1)',
      `    wei = raw${s.scale ? ' * head_size**-0.5' : ''}`,
    );
    if (s.mask) {
      lines.push('    tril = torch.tril(torch.ones(T, T))', "    wei = wei.masked_fill(tril == 0, float('-inf'))");
    }
    lines.push(
      '    wei = F.softmax(wei, dim=-1)',
      `    print(wei[${s.b}])`,
      '    print(raw.var().item(), (raw * head_size**-0.5).var().item())',
    );
    if (s.parts.includes('permutation')) {
      lines.push(
        `    perm = [${s.perm.join(', ')}]`,
        `    xb = x[${s.b}]${s.positions ? ' ' : ''}`,
        `    pe = ${s.positions ? 'pos.weight' : 'torch.zeros(T, C)'}`,
        '    def head(xx):  # no mask: an encoder block',
        '        w = F.softmax(query(xx) @ key(xx).transpose(-2, -1) * head_size**-0.5, dim=-1)',
        '        return w @ value(xx)',
        '    out, out_perm = head(xb + pe), head(xb[perm] + pe)',
        '    print(out[perm][:, 0])  # channel 0 of the original outputs, in the new order',
        '    print(out_perm[:, 0])  # channel 0 of the outputs of the permuted tokens',
        '    diff = (out_perm - out[perm]).abs().max().item()',
        s.positions ? "    print(f'{diff:.4f}')" : "    print(diff < 1e-6)  # only float rounding",
      );
    }
    lines.push('');
  }
  if (s.parts.includes('head')) {
    lines.push(
      '# unit-variance q and k: why head_size**-0.5',
      `torch.manual_seed(${s.seed})`,
      'k = torch.randn(4, 8, 16)',
      'q = torch.randn(4, 8, 16)',
      'w = q @ k.transpose(-2, -1)',
      'print(w.var().item(), (w * 16**-0.5).var().item())',
      '',
    );
  }
  if (s.parts.includes('temperature')) {
    lines.push(
      '# softmax temperature',
      `print(torch.softmax(torch.tensor([0.1, -0.2, 0.3, -0.2, 0.5]) * ${s.m}, dim=-1))`,
      '',
    );
  }
  return lines.join('\n').replace(/ +\n/g, '\n');
}
