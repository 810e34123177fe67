#!/usr/bin/python3
"""Goldens for the training script attn-cli and <attn-train> hand out
(`attn-cli train ... --emit-pytorch`, web/train-script/): for each run listed
in cpp/tests/data/pytorch/runs.txt, NAME.py is the script the CLI emits and
NAME.log what Debian's PyTorch 1.13.1 (python3-torch) prints running it, in a
fresh directory holding the text it opens (input.txt: the project's Tiny
Shakespeare; other names: that file of cpp/tests/data/pytorch/).

    /usr/bin/python3 scripts/gen_pytorch_goldens.py [NAME ...]

Needs build/native/attn-cli (npm run build:native). The tests compare the
logs line by line with the engine's and the scripts byte for byte with what
the CLI and the TypeScript generator emit; they never run PyTorch.
"""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIR = os.path.join(ROOT, 'cpp', 'tests', 'data', 'pytorch')
CLI = os.path.join(ROOT, 'build', 'native', 'attn-cli')
SHAKESPEARE = os.path.join(ROOT, 'public', 'data', 'tinyshakespeare.txt')


def runs():
    with open(os.path.join(DIR, 'runs.txt'), encoding='utf-8') as f:
        for line in f:
            if line.startswith('#') or not line.strip():
                continue
            name, opts = (part.strip() for part in line.split('|', 1))
            yield name, opts.split()


def data_file(opts):
    return opts[opts.index('--data') + 1] if '--data' in opts else 'input.txt'


def main(names):
    if not os.access(CLI, os.X_OK):
        sys.exit('build/native/attn-cli is missing: npm run build:native')
    for name, opts in runs():
        if names and name not in names:
            continue
        script = subprocess.run([CLI, 'train', *opts, '--emit-pytorch'], check=True, capture_output=True).stdout
        with open(os.path.join(DIR, name + '.py'), 'wb') as f:
            f.write(script)
        with tempfile.TemporaryDirectory() as tmp:
            data = data_file(opts)
            shutil.copyfile(SHAKESPEARE if data == 'input.txt' else os.path.join(DIR, data), os.path.join(tmp, data))
            with open(os.path.join(tmp, name + '.py'), 'wb') as f:
                f.write(script)
            log = subprocess.run([sys.executable, name + '.py'], cwd=tmp, check=True, capture_output=True).stdout
        with open(os.path.join(DIR, name + '.log'), 'wb') as f:
            f.write(log)
        print('wrote', name + '.py', name + '.log', flush=True)


if __name__ == '__main__':
    main(sys.argv[1:])
