#!/usr/bin/python3
"""attn-cli train against Debian's PyTorch for the six block models, on
settings drawn at random (so on settings no test lists), or on each model's
defaults with --defaults:

  1. the log of the script `attn-cli train ... --emit-pytorch` writes, run by
     PyTorch in a fresh directory, equals attn-cli's log line by line, and
     so does the sample it prints after training;
  2. greedy text after training (scripts/train_greedy_reference.py) equals
     attn-cli's with the key/value cache and without it;
  3. the trained model's attention maps on a snippet
     (scripts/train_reference.py --attention) are attn-cli's within 1e-4.

    /usr/bin/python3 scripts/check_block_models.py [--draw SEED] [--models gpt,residual] [--defaults]

Needs build/native/attn-cli (npm run build:native) and python3-torch.
Prints one line per check and exits 1 if any fails; the settings drawn are
printed first, so a failure can be run again by hand.
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLI = os.path.join(ROOT, 'build', 'native', 'attn-cli')
TEXT = os.path.join(ROOT, 'public', 'data', 'tinyshakespeare.txt')
PY = '/usr/bin/python3'
MODELS = ['multihead', 'ffwd', 'blocks', 'residual', 'layernorm', 'gpt']
SNIPPET = 'the king'


def draw(rng, model):
    """Settings within small sizes, so that PyTorch runs them in seconds."""
    n_head = rng.choice([1, 2, 3, 4, 5, 6])
    s = {
        '--seed': rng.randrange(0, 10**9),
        '--iters': rng.choice([201, 300, 401]),
        '--eval-interval': rng.choice([100, 150, 200]),
        '--eval-iters': rng.choice([5, 10, 20]),
        '--lr': rng.choice(['1e-3', '2e-3', '5e-4', '3e-3']),
        '--batch': rng.choice([4, 8, 12, 16]),
        '--block': rng.choice([9, 10, 12, 16]),
        '--n-head': n_head,
        '--n-embd': n_head * rng.choice([4, 6, 8]),
        '--sample-chars': 60,
    }
    if model not in ('multihead', 'ffwd'):
        s['--n-layer'] = rng.choice([1, 2, 3])
    if model == 'gpt':
        s['--dropout'] = rng.choice(['0.1', '0.2', '0.25'])
    return s


def defaults(model):
    """The engine's defaults (limits.hpp, through web/engine/train/models.js), written out: the references' own defaults are the one head's."""
    js = "import('./web/engine/train/models.js').then((m) => console.log(JSON.stringify(m.defaults(process.argv[1]))))"
    d = json.loads(run(['node', '-e', js, model], cwd=ROOT))
    s = {'--seed': d['seed'], '--iters': d['iters'], '--eval-interval': d['evalInterval'], '--eval-iters': d['evalIters'],
         '--lr': d['lr'], '--batch': d['batch'], '--block': d['block'], '--n-head': d['nHead'], '--n-embd': d['nEmbd'],
         '--sample-chars': 0}
    if model not in ('multihead', 'ffwd'):
        s['--n-layer'] = d['nLayer']
    if model == 'gpt':
        s['--dropout'] = d['dropout']
    return s


def args_of(model, s):
    out = ['--model', model]
    for k, v in s.items():
        out += [k, str(v)]
    return out


def run(cmd, cwd=None):
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f'{" ".join(cmd)} failed ({r.returncode}): {r.stderr.strip()[-500:]}')
    return r.stdout


def steps(text):
    return [l for l in text.split('\n') if l.startswith('step ')]


def line(text, prefix):
    got = [l for l in text.split('\n') if l.startswith(prefix)]
    return got[0][len(prefix):] if got else None


def check(model, args):
    results = []
    ours = run([CLI, 'train'] + args)
    with tempfile.TemporaryDirectory() as d:
        shutil.copy(TEXT, os.path.join(d, 'input.txt'))
        with open(os.path.join(d, 'run.py'), 'w') as f:
            f.write(run([CLI, 'train'] + args + ['--emit-pytorch']))
        theirs = run([PY, 'run.py'], cwd=d)
    a, b = steps(ours), steps(theirs)
    results.append(('log (emitted script)', a == b and len(a) > 0, f'{sum(x == y for x, y in zip(a, b))}/{len(b)} lines equal'))
    rest = lambda t: '\n'.join(l for l in t.split('\n') if not l.startswith('step ')).strip()
    if rest(theirs):
        results.append(('sample (emitted script)', rest(ours) == rest(theirs), json.dumps(rest(theirs)[:40])))

    gen = ['--generate', 'ROMEO:', '--greedy', '40']
    cached = line(run([CLI, 'train'] + args + gen + ['--kv-cache', '1']), 'greedy: ')
    plain = line(run([CLI, 'train'] + args + gen + ['--kv-cache', '0']), 'greedy: ')
    ref = line(run([PY, os.path.join(ROOT, 'scripts', 'train_greedy_reference.py')] + args + gen), 'greedy: ')
    results.append(('greedy, cache and recompute against PyTorch', cached == plain == ref and ref is not None,
                    f'cache {cached} / recompute {plain} / PyTorch {ref}'))

    maps = json.loads(line(run([CLI, 'train'] + args + ['--attention', SNIPPET]), 'attention: '))
    want = json.loads(line(run([PY, os.path.join(ROOT, 'scripts', 'train_reference.py')] + args + ['--attention', SNIPPET]), 'attention: '))

    def flat(x):
        return [v for item in x for v in flat(item)] if isinstance(x, list) else [x]
    fa, fb = flat(maps), flat(want)
    worst = max(abs(x - y) for x, y in zip(fa, fb)) if len(fa) == len(fb) and fa else float('inf')
    shape = f'{len(maps)} layers x {len(maps[0]) if maps else 0} heads'
    results.append(('attention maps within 1e-4', worst < 1e-4, f'{shape}, max |difference| {worst:.2e}'))
    return results


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--draw', type=int, default=None, help='seed of the settings drawn (default: a new one)')
    p.add_argument('--models', default=','.join(MODELS))
    p.add_argument('--defaults', action='store_true', help="each model's defaults (long: 5000 steps each)")
    a = p.parse_args()
    if not os.access(CLI, os.X_OK):
        sys.exit(f'{CLI} is missing: npm run build:native')
    seed = a.draw if a.draw is not None else random.SystemRandom().randrange(10**6)
    rng = random.Random(seed)
    print(f'settings drawn with --draw {seed}' if not a.defaults else 'each model at its defaults')
    failed = 0
    for model in a.models.split(','):
        s = defaults(model) if a.defaults else draw(rng, model)
        args = args_of(model, s)
        print(f'{model}: attn-cli train {" ".join(args)}', flush=True)
        for name, ok, detail in check(model, args):
            print(f'  {"ok  " if ok else "FAIL"} {name}: {detail}', flush=True)
            failed += 0 if ok else 1
    print(f'{"all checks passed" if not failed else f"{failed} checks failed"}')
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
