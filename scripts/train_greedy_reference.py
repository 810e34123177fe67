#!/usr/bin/python3
"""PyTorch reference for `attn-cli train ... --generate TEXT --greedy K`: the
lecture's training script (scripts/train_reference.py, same options), then its
generate() with argmax in place of multinomial: crop the sequence to the last
block_size tokens, forward, take the last position's logits, append the most
likely token. Prints the log, the sample (as the CLI does), then one line
`greedy: ` and the K new characters as a JSON string. With --sampled K, then
one line `sampled: `: the same loop with nanoGPT's sampling, logits / T, the
--top-k largest kept, torch.multinomial from a generator of its own seeded
with --seed (as attn-cli train --sampled and the generation panel draw).

    /usr/bin/python3 scripts/train_greedy_reference.py --model head --generate TEXT --greedy K [train options]

An empty TEXT starts from token 0, as the lecture's generate does.
"""
import argparse
import json
import os
import sys

import torch
from torch.nn import functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train_reference as ref  # noqa: E402


@torch.no_grad()
def greedy(run, context, k):
    stoi = {ch: i for i, ch in enumerate(run.chars)}
    ids = [stoi[c] for c in context] if context else [0]
    idx = torch.tensor([ids], dtype=torch.long)
    out = []
    for _ in range(k):
        logits, _ = run.model(idx[:, -run.block:])
        probs = F.softmax(logits[:, -1, :], dim=-1)
        nxt = torch.argmax(probs, dim=-1, keepdim=True)
        idx = torch.cat((idx, nxt), dim=1)
        out.append(int(nxt))
    return run.decode(out)


@torch.no_grad()
def sampled(run, context, k, temperature, top_k, seed):
    stoi = {ch: i for i, ch in enumerate(run.chars)}
    ids = [stoi[c] for c in context] if context else [0]
    idx = torch.tensor([ids], dtype=torch.long)
    g = torch.Generator().manual_seed(seed)
    out = []
    for _ in range(k):
        logits, _ = run.model(idx[:, -run.block:])
        logits = logits[:, -1, :] / temperature
        if top_k:
            v, _ = torch.topk(logits, min(top_k, logits.size(-1)))
            logits[logits < v[:, [-1]]] = -float('Inf')
        probs = F.softmax(logits, dim=-1)
        nxt = torch.multinomial(probs, num_samples=1, generator=g)
        idx = torch.cat((idx, nxt), dim=1)
        out.append(int(nxt))
    return run.decode(out)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--model', required=True, choices=sorted(ref.DEFAULTS))
    p.add_argument('--seed', type=int, default=1337)
    p.add_argument('--iters', type=int)
    p.add_argument('--eval-interval', type=int)
    p.add_argument('--eval-iters', type=int, default=200)
    p.add_argument('--lr', type=float)
    p.add_argument('--batch', type=int, default=32)
    p.add_argument('--block', type=int, default=8)
    p.add_argument('--data', default=ref.DEFAULT_DATA)
    p.add_argument('--n-embd', type=int)
    p.add_argument('--n-head', type=int, default=4)
    p.add_argument('--n-layer', type=int, default=3)
    p.add_argument('--dropout', type=float)
    p.add_argument('--sample-chars', type=int, default=500)
    p.add_argument('--generate', default='')
    p.add_argument('--greedy', type=int, default=0)
    p.add_argument('--sampled', type=int, default=0)
    p.add_argument('--temperature', type=float, default=1.0)
    p.add_argument('--top-k', type=int, default=0)
    p.add_argument('--threads', type=int, default=1)
    a = p.parse_args(argv)
    torch.set_num_threads(a.threads)
    iters, interval, lr = ref.DEFAULTS[a.model]
    iters = iters if a.iters is None else a.iters
    interval = interval if a.eval_interval is None else a.eval_interval
    run = ref.Run(a.model, seed=a.seed, lr=lr if a.lr is None else a.lr, batch=a.batch, block=a.block,
                  eval_iters=a.eval_iters, data=a.data, n_embd=a.n_embd or 32, n_head=a.n_head,
                  n_layer=a.n_layer, dropout=a.dropout or 0.0)
    for it in range(iters):
        if it % interval == 0:
            losses = run.estimate_loss()
            print(f"step {it}: train loss {losses['train']:.4f}, val loss {losses['val']:.4f}", flush=True)
        run.train_step()
    if a.sample_chars > 0:
        print(run.sample(a.sample_chars))
    run.model.eval()  # generating is inference: no dropout (as attn-cli and the page generate)
    if a.greedy:
        print('greedy: ' + json.dumps(greedy(run, a.generate, a.greedy), ensure_ascii=False))
    if a.sampled:
        print('sampled: ' + json.dumps(sampled(run, a.generate, a.sampled, a.temperature, a.top_k, a.seed), ensure_ascii=False))


if __name__ == '__main__':
    sys.exit(main())
