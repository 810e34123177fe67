#!/usr/bin/python3
"""PyTorch reference for `attn-cli train`: the lecture's training script
(bigram.py, with the position and one-head models of the reading note's
sections 2 and 4), parameterised like the CLI and printing what it prints.

    /usr/bin/python3 scripts/train_reference.py --model head [--seed 1337] [--iters N]
        [--eval-interval K] [--eval-iters 200] [--lr X] [--batch 32] [--block 8]
        [--data FILE] [--sample-chars 500] [--threads 1]

Needs Debian's python3-torch (1.13). Used by scripts/gen_train_golden.py (the
test goldens and logs), scripts/compare_train_logs.sh and the bench.
"""
import argparse
import json
import os
import re
import sys

import torch
import torch.nn as nn
from torch.nn import functional as F

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_DATA = os.path.join(ROOT, 'public', 'data', 'tinyshakespeare.txt')
DEFAULTS = {  # iters, eval_interval, lr
    'bigram': (3000, 300, 1e-2),
    'position': (3000, 300, 1e-2),
    'head': (5000, 500, 1e-3),
    'multihead': (5000, 500, 1e-3),
    'ffwd': (5000, 500, 1e-3),
    'blocks': (5000, 500, 1e-3),
    'residual': (5000, 500, 1e-3),
    'layernorm': (5000, 500, 1e-3),
    'gpt': (5000, 500, 1e-3),
}
BLOCK_MODELS = ['multihead', 'ffwd', 'blocks', 'residual', 'layernorm', 'gpt']


def size_defaults(model):
    """The engine's sizes for model, as cpp/src/limits.hpp sets them (gpt_*, or default_* and no dropout)."""
    text = open(os.path.join(ROOT, 'cpp', 'src', 'limits.hpp')).read()
    found = dict(re.findall(r'static constexpr (?:int|double) ((?:default|gpt)_\w+) = ([0-9.]+);', text))
    pre = 'gpt_' if model == 'gpt' else 'default_'
    d = {k: int(found[pre + k]) for k in ('n_embd', 'n_head', 'n_layer', 'block')}
    d['dropout'] = float(found['gpt_dropout']) if model == 'gpt' else 0.0
    return d


class Head(nn.Module):
    def __init__(self, n_embd, head_size, block_size):
        super().__init__()
        self.key = nn.Linear(n_embd, head_size, bias=False)
        self.query = nn.Linear(n_embd, head_size, bias=False)
        self.value = nn.Linear(n_embd, head_size, bias=False)
        self.register_buffer('tril', torch.tril(torch.ones(block_size, block_size)))

    def forward(self, x):
        B, T, C = x.shape
        k = self.key(x)
        q = self.query(x)
        wei = q @ k.transpose(-2, -1) * k.shape[-1] ** -0.5
        wei = wei.masked_fill(self.tril[:T, :T] == 0, float('-inf'))
        wei = F.softmax(wei, dim=-1)
        self.last_wei = wei
        v = self.value(x)
        return wei @ v


class BHead(nn.Module):
    """the lecture's Head (gpt.py), with dropout on the attention weights"""

    def __init__(self, n_embd, head_size, block_size, dropout):
        super().__init__()
        self.key = nn.Linear(n_embd, head_size, bias=False)
        self.query = nn.Linear(n_embd, head_size, bias=False)
        self.value = nn.Linear(n_embd, head_size, bias=False)
        self.register_buffer('tril', torch.tril(torch.ones(block_size, block_size)))
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        B, T, C = x.shape
        k = self.key(x)
        q = self.query(x)
        wei = q @ k.transpose(-2, -1) * k.shape[-1] ** -0.5
        wei = wei.masked_fill(self.tril[:T, :T] == 0, float('-inf'))
        wei = F.softmax(wei, dim=-1)
        self.last_wei = wei
        wei = self.dropout(wei)
        v = self.value(x)
        return wei @ v


class MultiHeadAttention(nn.Module):
    def __init__(self, n_embd, num_heads, head_size, block_size, dropout, proj):
        super().__init__()
        self.heads = nn.ModuleList([BHead(n_embd, head_size, block_size, dropout) for _ in range(num_heads)])
        self.has_proj = proj
        if proj:
            self.proj = nn.Linear(head_size * num_heads, n_embd)
            self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        out = torch.cat([h(x) for h in self.heads], dim=-1)
        if self.has_proj:
            out = self.dropout(self.proj(out))
        return out


class FeedForward(nn.Module):
    def __init__(self, n_embd, wide, dropout):
        super().__init__()
        if wide:
            self.net = nn.Sequential(nn.Linear(n_embd, 4 * n_embd), nn.ReLU(), nn.Linear(4 * n_embd, n_embd),
                                     nn.Dropout(dropout))
        else:
            self.net = nn.Sequential(nn.Linear(n_embd, n_embd), nn.ReLU())

    def forward(self, x):
        return self.net(x)


class Block(nn.Module):
    def __init__(self, kind, n_embd, n_head, block_size, dropout):
        super().__init__()
        full = kind in ('residual', 'layernorm', 'gpt')
        self.resid = full
        self.norm = kind in ('layernorm', 'gpt')
        self.sa = MultiHeadAttention(n_embd, n_head, n_embd // n_head, block_size, dropout, full)
        self.ffwd = FeedForward(n_embd, full, dropout)
        if self.norm:
            self.ln1 = nn.LayerNorm(n_embd)
            self.ln2 = nn.LayerNorm(n_embd)

    def forward(self, x):
        if self.norm:
            x = x + self.sa(self.ln1(x))
            x = x + self.ffwd(self.ln2(x))
        elif self.resid:
            x = x + self.sa(x)
            x = x + self.ffwd(x)
        else:
            x = self.sa(x)
            x = self.ffwd(x)
        return x


class CharModel(nn.Module):
    def __init__(self, kind, vocab_size, n_embd, block_size, n_head=4, n_layer=3, dropout=0.0):
        super().__init__()
        self.kind = kind
        self.block_size = block_size
        if kind == 'bigram':
            self.token_embedding_table = nn.Embedding(vocab_size, vocab_size)
            return
        self.token_embedding_table = nn.Embedding(vocab_size, n_embd)
        self.position_embedding_table = nn.Embedding(block_size, n_embd)
        if kind == 'head':
            self.sa_head = Head(n_embd, n_embd, block_size)
        if kind in ('multihead', 'ffwd'):
            self.sa_heads = MultiHeadAttention(n_embd, n_head, n_embd // n_head, block_size, 0.0, False)
        if kind == 'ffwd':
            self.ffwd = FeedForward(n_embd, False, 0.0)
        if kind in ('blocks', 'residual', 'layernorm', 'gpt'):
            self.blocks = nn.Sequential(*[Block(kind, n_embd, n_head, block_size, dropout) for _ in range(n_layer)])
        if kind in ('layernorm', 'gpt'):
            self.ln_f = nn.LayerNorm(n_embd)
        self.lm_head = nn.Linear(n_embd, vocab_size)

    def forward(self, idx, targets=None):
        B, T = idx.shape
        if self.kind == 'bigram':
            logits = self.token_embedding_table(idx)
        else:
            x = self.token_embedding_table(idx) + self.position_embedding_table(torch.arange(T))
            if self.kind == 'head':
                x = self.sa_head(x)
            if self.kind in ('multihead', 'ffwd'):
                x = self.sa_heads(x)
            if self.kind == 'ffwd':
                x = self.ffwd(x)
            if hasattr(self, 'blocks'):
                x = self.blocks(x)
            if hasattr(self, 'ln_f'):
                x = self.ln_f(x)
            logits = self.lm_head(x)
        if targets is None:
            return logits, None
        B, T, C = logits.shape
        return logits, F.cross_entropy(logits.view(B * T, C), targets.view(B * T))

    def generate(self, idx, max_new_tokens):
        for _ in range(max_new_tokens):
            logits, _ = self(idx[:, -self.block_size:])
            probs = F.softmax(logits[:, -1, :], dim=-1)
            idx = torch.cat((idx, torch.multinomial(probs, num_samples=1)), dim=1)
        return idx


class Run:
    """The script's state after its preamble: seed, data, model, optimizer."""

    def __init__(self, model, seed=1337, lr=None, batch=32, block=8, n_embd=32, eval_iters=200, data=DEFAULT_DATA,
                 text=None, double=False, n_head=4, n_layer=3, dropout=0.0):
        self.batch, self.block, self.eval_iters = batch, block, eval_iters
        torch.manual_seed(seed)
        if text is None:
            with open(data, 'r', encoding='utf-8') as f:
                text = f.read()
        self.chars = sorted(list(set(text)))
        stoi = {ch: i for i, ch in enumerate(self.chars)}
        d = torch.tensor([stoi[c] for c in text], dtype=torch.long)
        n = int(0.9 * len(d))
        self.train_data, self.val_data = d[:n], d[n:]
        self.model = CharModel(model, len(self.chars), n_embd, block, n_head, n_layer, dropout)
        if double:  # the same initial weights, then float64 arithmetic
            self.model.double()
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=DEFAULTS[model][2] if lr is None else lr)

    def decode(self, ids):
        return ''.join(self.chars[i] for i in ids)

    def get_batch(self, split):
        data = self.train_data if split == 'train' else self.val_data
        ix = torch.randint(len(data) - self.block, (self.batch,))
        self.last_ix = ix
        x = torch.stack([data[i:i + self.block] for i in ix])
        y = torch.stack([data[i + 1:i + self.block + 1] for i in ix])
        return x, y

    @torch.no_grad()
    def estimate_loss(self):
        out = {}
        self.model.eval()
        for split in ['train', 'val']:
            losses = torch.zeros(self.eval_iters)
            for k in range(self.eval_iters):
                X, Y = self.get_batch(split)
                _, loss = self.model(X, Y)
                losses[k] = loss.item()
            out[split] = losses.mean()
        self.model.train()
        return out

    def train_step(self):
        xb, yb = self.get_batch('train')
        _, loss = self.model(xb, yb)
        self.optimizer.zero_grad(set_to_none=True)
        loss.backward()
        self.optimizer.step()
        return loss

    def attention_maps(self, text):
        """Every head's softmax weights on text's last block characters, in eval mode: [layer][head][T][T]."""
        stoi = {ch: i for i, ch in enumerate(self.chars)}
        idx = torch.tensor([[stoi[c] for c in text[-self.block:]]], dtype=torch.long)
        m = self.model
        m.eval()
        with torch.no_grad():
            m(idx)
        m.train()
        if m.kind == 'head':
            layers = [[m.sa_head]]
        elif m.kind in ('multihead', 'ffwd'):
            layers = [list(m.sa_heads.heads)]
        else:
            layers = [list(b.sa.heads) for b in m.blocks]
        return [[h.last_wei[0].tolist() for h in heads] for heads in layers]

    def sample(self, chars):
        # Generating is inference: no dropout (as attn-cli, the page and the emitted script generate).
        self.model.eval()
        context = torch.zeros((1, 1), dtype=torch.long)
        return self.decode(self.model.generate(context, max_new_tokens=chars)[0].tolist())


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--model', required=True, choices=sorted(DEFAULTS))
    p.add_argument('--seed', type=int, default=1337)
    p.add_argument('--iters', type=int)
    p.add_argument('--eval-interval', type=int)
    p.add_argument('--eval-iters', type=int, default=200)
    p.add_argument('--lr', type=float)
    p.add_argument('--batch', type=int, default=32)
    p.add_argument('--block', type=int)
    p.add_argument('--data', default=DEFAULT_DATA)
    p.add_argument('--n-embd', type=int)
    p.add_argument('--n-head', type=int)
    p.add_argument('--n-layer', type=int)
    p.add_argument('--dropout', type=float)
    p.add_argument('--sample-chars', type=int, default=500)
    p.add_argument('--attention', metavar='TEXT', help="then print `attention: <JSON>`, [layer][head][query][key] on TEXT")
    p.add_argument('--threads', type=int, default=1)
    p.add_argument('--double', action='store_true', help='train in float64 (same initial weights and batches)')
    a = p.parse_args(argv)
    torch.set_num_threads(a.threads)
    iters, interval, lr = DEFAULTS[a.model]
    iters = iters if a.iters is None else a.iters
    interval = interval if a.eval_interval is None else a.eval_interval
    d = size_defaults(a.model)
    pick = lambda given, key: d[key] if given is None else given
    run = Run(a.model, seed=a.seed, lr=lr if a.lr is None else a.lr, batch=a.batch, block=pick(a.block, 'block'),
              eval_iters=a.eval_iters, data=a.data, double=a.double, n_embd=pick(a.n_embd, 'n_embd'),
              n_head=pick(a.n_head, 'n_head'), n_layer=pick(a.n_layer, 'n_layer'), dropout=pick(a.dropout, 'dropout'))
    for it in range(iters):
        if it % interval == 0:
            losses = run.estimate_loss()
            print(f"step {it}: train loss {losses['train']:.4f}, val loss {losses['val']:.4f}", flush=True)
        run.train_step()
    if a.sample_chars > 0:
        print(run.sample(a.sample_chars))
    if a.attention:
        print('attention: ' + json.dumps(run.attention_maps(a.attention), separators=(',', ':')))


if __name__ == '__main__':
    sys.exit(main())
