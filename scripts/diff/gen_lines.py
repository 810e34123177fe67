"""Seeded generator of exercise lines for the differential test (scripts/diff/exercise_diff.py).

generate(seed, count) -> [(todo, line)], todo in 1..3. The same (seed, count) always gives the
same lines. Lines come from five families, mixed in fixed proportions:

  right      the lesson's answer and the equivalent forms learners write
  mistake    the common mistakes (no scaling, wrong triangle, wrong axis, PyTorch habits, ...)
  numpy      random but plausible NumPy expressions built from a small grammar
  syntax     Python syntax edge cases: number literals, `;`, conditional expressions, chained
             assignment, :=, lambda, comprehensions, unicode names and spaces, strings, ...
  hostile    what an attacker or a cat would type: huge sizes, deep nesting, dunders, builtins

and every 40th line prints an array over 1,000 elements (BIG: NumPy's summarised printing); every
9th comes from EDGE (dtype spellings, strings to numbers, signed zeros, non-ASCII literals, 0-d arrays,
arrays too large to build, line joins); every 7th other raises the next entry of the checker's table of
Python's errors (TABLE).

Every line is harmless to run in a real Python process with an address-space limit and a
per-line alarm (no file writes, no process calls, no unbounded integer powers).
"""
import random

TARGETS = ['scores', 'mask', 'weights']

RIGHT = {
    1: [
        'Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)', 'Q @ K.T / np.sqrt(d_k)', 'np.matmul(Q, K.T) / np.sqrt(d_k)',
        'Q.dot(K.T) / np.sqrt(d_k)', 'np.dot(Q, K.T) / np.sqrt(d_k)', 'Q @ K.T / d_k ** 0.5', 'Q @ K.T * d_k ** -0.5',
        "np.einsum('id,jd->ij', Q, K) / np.sqrt(d_k)", "np.einsum('...id,...jd->...ij', Q, K) / np.sqrt(d_k)",
        'Q @ np.transpose(K) / np.sqrt(d_k)', 'Q @ K.transpose() / np.sqrt(d_k)', '(Q @ K.T) / np.sqrt(Q.shape[-1])',
        'Q @ K.T / np.sqrt(K.shape[1])', 'Q @ K.T * (1 / np.sqrt(d_k))', 'Q @ K.T / np.sqrt(float(d_k))',
        'np.matmul(Q, np.swapaxes(K, -2, -1)) / np.sqrt(d_k)', 'Q @ K.swapaxes(0, 1) / np.sqrt(d_k)',
        'Q @ K.transpose(1, 0) / np.sqrt(d_k)', 'Q @ K.transpose(-1, -2) / np.sqrt(d_k)', 'Q @ K.T / pow(d_k, 0.5)',
        'Q @ K.T / np.sqrt(len(Q[0]))', 'np.inner(Q, K) / np.sqrt(d_k)', 'np.tensordot(Q, K, axes=(1, 1)) / np.sqrt(d_k)',
        'np.tensordot(Q, K, axes=([1], [1])) / np.sqrt(d_k)', 'Q @ K.T / np.float64(d_k) ** 0.5',
        'Q @ K.copy().T / np.sqrt(d_k)', 'Q.reshape(Q.shape) @ K.T / np.sqrt(d_k)', 'Q @ K.T / abs(d_k) ** 0.5',
        'Q @ K.T / np.sqrt(d_k) if True else None', 'np.divide(Q @ K.T, np.sqrt(d_k))',
        'np.multiply(Q @ K.T, 1 / np.sqrt(d_k))', 'Q @ K.T / np.power(d_k, 0.5)', 'Q @ K.T / d_k ** (1 / 2)',
    ],
    2: [
        'np.triu(np.ones((T, T), dtype=bool), k=1)', 'np.triu(np.ones((T, T), dtype=bool), 1)',
        'np.triu(np.ones((T, T)), k=1).astype(bool)', 'np.triu(np.ones((T, T)), k=1) == 1',
        'np.triu(np.ones((T, T)), k=1) > 0', '~np.tril(np.ones((T, T), dtype=bool))',
        'np.logical_not(np.tril(np.ones((T, T), dtype=bool)))', 'np.tri(T, k=0, dtype=bool) == False',
        '~np.tri(T, dtype=bool)', 'np.arange(T)[None, :] > np.arange(T)[:, None]',
        'np.arange(T)[:, None] < np.arange(T)[None, :]', 'np.triu(np.full((T, T), True), k=1)',
        'np.triu(np.ones_like(scores, dtype=bool), k=1)', 'np.triu(np.ones(scores.shape, dtype=bool), k=1)',
        'np.tril(np.ones((T, T), dtype=bool), k=-1).T', 'np.triu(np.ones((T, T), dtype=np.bool_), k=1)',
        "np.triu(np.ones((T, T), dtype='bool'), k=1)", 'np.eye(T, k=1, dtype=bool) | np.triu(np.ones((T, T), dtype=bool), 2)',
        'np.triu(np.ones((T, T), bool), 1)', 'np.triu(np.ones([T, T], dtype=bool), k=1)',
        'np.ones((T, T), dtype=bool) & ~np.tri(T, dtype=bool)', 'np.tri(T, T, 0, dtype=bool) ^ True',
        'np.triu(np.eye(T) + 1, 1) > 0', 'np.triu(np.ones((T, T), dtype=bool), k=1).copy()',
        'np.array(np.triu(np.ones((T, T)), k=1), dtype=bool)', 'np.isinf(np.triu(np.full((T, T), -np.inf), 1))',
        'np.triu(np.ones((scores.shape[-1],) * 2, dtype=bool), 1)',
    ],
    3: [
        'softmax(scores)', 'softmax(x=scores)', 'softmax(scores.copy())',
        'np.exp(scores - scores.max(axis=-1, keepdims=True)) / np.exp(scores - scores.max(axis=-1, keepdims=True)).sum(axis=-1, keepdims=True)',
        'np.exp(scores - np.max(scores, axis=-1, keepdims=True)) / np.sum(np.exp(scores - np.max(scores, axis=-1, keepdims=True)), axis=-1, keepdims=True)',
        'np.exp(scores) / np.exp(scores).sum(axis=-1, keepdims=True)', 'np.exp(scores) / np.sum(np.exp(scores), axis=1, keepdims=True)',
        'np.exp(scores) / np.exp(scores).sum(-1, keepdims=True)', 'np.exp(scores) / np.exp(scores).sum(axis=-1)[:, None]',
        'np.exp(scores) / np.exp(scores).sum(1).reshape(-1, 1)', 'softmax(scores + 0)', 'softmax(scores * 1.0)',
        'softmax(scores) if causal else softmax(scores)', 'softmax(np.array(scores))',
        'np.exp(scores - scores.max()) / np.exp(scores - scores.max()).sum(axis=-1, keepdims=True)',
        'softmax(scores - scores.max(axis=-1, keepdims=True))', 'np.exp(scores) / np.exp(scores).sum(axis=-1)[..., np.newaxis]',
    ],
}

MISTAKES = {
    1: [
        'Q @ K.T', 'Q @ K.swapaxes(-2, -1)', 'Q @ K.T / d_k', 'Q @ K.T * np.sqrt(d_k)', 'K @ Q.T / np.sqrt(d_k)',
        'Q @ K / np.sqrt(d_k)', 'Q * K.T / np.sqrt(d_k)', 'Q * K / np.sqrt(d_k)', 'Q.T @ K / np.sqrt(d_k)',
        'Q @ K.T / math.sqrt(d_k)', 'Q @ K.T / sqrt(d_k)', 'Q @ K.T / np.sqrt(T)', 'Q @ K.T / np.sqrt(d_model)',
        'Q @ K.transpose(-2, -1) / np.sqrt(d_k)', 'Q @ K.transpose(-2, -1) * d_k**-0.5', 'Q @ K.transpose(-2, -1) * d_k ** -0.5',
        'Q @ K.mT / np.sqrt(d_k)', 'torch.matmul(Q, K.transpose(-2, -1)) / math.sqrt(d_k)', 'Q @ K.t() / np.sqrt(d_k)',
        'Q @ K.T / 4', 'Q @ K.T / np.sqrt(16)', 'Q @ K.T / 16 ** 0.5', 'Q @ K.T / np.sqrt(Q.shape[0])', 'Q @ K.T / d_k ** 2',
        'np.dot(Q, K) / np.sqrt(d_k)', 'Q @ K.T / np.sqrt(d_k', 'Q @@ K.T', 'Q @ K.T // np.sqrt(d_k)',
        'np.matmul(x1=Q, x2=K.T) / np.sqrt(d_k)', 'Q @ K.swapaxes(axis1=-2, axis2=-1) / np.sqrt(d_k)',
        'Q @ K.T / np.sqrt(d_k) ** 2', 'scores = Q @ K.T / np.sqrt(d_k)', 'score = Q @ K.T / np.sqrt(d_k)',
        'Scores = Q @ K.T / np.sqrt(d_k)', 'Q @ K.T / np.sqrt(d_k).item()', 'Q @ K.T / d_k.sqrt()',
        'Q @ K.T / np.sqrt(d_k, dtype=np.float32)', 'np.float32(Q @ K.T / np.sqrt(d_k))', 'Q @ K.T - np.sqrt(d_k)',
        'Q @ V.T / np.sqrt(d_k)', '(Q @ K.T).T / np.sqrt(d_k)', 'Q @ K.T / np.sqrt(d_k) + 1e-9',
        'Q @ K.T / np.sqrt(d_k) * (1 - causal)', 'softmax(Q @ K.T / np.sqrt(d_k))', 'Q @ K.T.astype(int) / np.sqrt(d_k)',
        '(Q @ K.T / np.sqrt(d_k)).astype(int)', 'np.round(Q @ K.T / np.sqrt(d_k))', 'Q @ K.T / np.sqrt(d_k).round()',
        'Q[0] @ K.T / np.sqrt(d_k)', 'Q @ K[0] / np.sqrt(d_k)', 'Q @ K.T / np.sqrt(T) / np.sqrt(d_k) * np.sqrt(T)',
    ],
    2: [
        'np.triu(np.ones((T, T), dtype=bool), k=0)', 'np.triu(np.ones((T, T), dtype=bool))', 'np.tril(np.ones((T, T), dtype=bool), k=-1)',
        'np.tril(np.ones((T, T), dtype=bool))', 'np.triu(np.ones((T, T)), k=1)', 'np.triu(np.ones((T, T)))',
        'np.ones((T, T), dtype=bool)', 'np.zeros((T, T), dtype=bool)', 'np.triu(np.ones(T, T), k=1)',
        'np.triu(np.ones((T, T), dtype=bool), k=1.5)', 'np.triu(np.ones((T, T), dtype=bool), k=True)',
        'np.triu(np.ones((T, T), dtype=bool), k=-1)', 'np.triu(np.ones((T, T), dtype=bool), k=2)',
        'np.triu(np.ones((d_k, d_k), dtype=bool), k=1)', 'np.triu(np.ones((4, 4), dtype=bool), k=1)',
        'torch.triu(torch.ones(T, T), diagonal=1).bool()', 'np.triu(np.ones((T, T), dtype=bool), diagonal=1)',
        'np.triu(np.ones((T, T)), k=1) == 0', 'np.tril(np.ones((T, T))) == 0', 'np.tri(T, dtype=bool)',
        'np.triu(np.ones((T, T), dtype=int), k=1)', 'np.triu(np.ones((T, T), dtype=bool), k=1).T',
        'np.triu(np.ones((T, T), dtype=bool), k=1)[0]', 'np.triu(np.ones((T + 1, T + 1), dtype=bool), k=1)',
        'np.triu(scores, k=1)', 'np.triu(scores, k=1) != 0', 'scores > 0', 'np.isnan(scores)', 'np.isinf(scores)',
        'np.triu(np.ones((T, T), dtype=bool), k=1) * -np.inf', 'np.where(np.triu(np.ones((T, T)), 1), -np.inf, 0)',
        'np.triu(np.ones((T, T), dtype=bool), k=1', 'np.triu(np.ones((T, T), dtype=bool), k=1, dtype=bool)',
        'np.triu(np.ones((T, T), dtype=bool), 1, 2)', 'np.triu(m=np.ones((T, T), dtype=bool), k=1)',
        'np.ones((T, T)).triu(1)', 'np.triu(np.ones((T, T), dtype=float), k=1).astype(bool)', 'mask',
        'np.arange(T)[None, :] >= np.arange(T)[:, None]', 'np.eye(T, dtype=bool)', 'np.eye(T, k=1, dtype=bool)',
        'np.triu(np.ones((T, T), dtype=bool), k=1) + 0', 'np.triu(np.ones((T, T), dtype=bool), k=1) & causal',
    ],
    3: [
        'np.exp(scores)', 'np.exp(scores) / np.exp(scores).sum()', 'np.exp(scores) / np.exp(scores).sum(axis=0, keepdims=True)',
        'np.exp(scores) / np.exp(scores).sum(axis=-1)', 'softmax(scores / np.sqrt(d_k))', 'softmax(scores, axis=-1)',
        'softmax(scores.T)', 'softmax(scores).T', 'scores', 'softmax(scores) * mask', 'softmax(np.where(mask, 0, scores))',
        'softmax(np.maximum(scores, 0))', 'np.maximum(scores, 0)', 'np.minimum(scores, 0)', 'scores.softmax(-1)',
        'F.softmax(scores, dim=-1)', 'torch.softmax(scores, dim=-1)', 'softmax(scores, -1)', 'softmax(scores)[0]',
        'softmax(scores) / T', 'softmax(scores) @ V', 'softmax(-scores)', 'softmax(2 * scores)', 'np.exp(scores) / np.exp(scores).max()',
        'softmax(scores.max(axis=-1, keepdims=True))', 'max(scores)', 'sum(scores)', 'min(scores)', 'softmax(scores',
        'np.exp(scores - scores.max(axis=0, keepdims=True)) / np.exp(scores - scores.max(axis=0, keepdims=True)).sum(axis=0, keepdims=True)',
        'np.exp(scores - scores.max(axis=[-1], keepdims=True))', 'scores.sum(axis=True)', 'scores.sum(axis=-1, keepdims=None)',
        'np.nan_to_num(softmax(scores))', 'softmax(np.where(mask, -1e9, scores))', 'softmax(scores.astype(int))',
        'softmax(scores.astype(np.float32))', 'np.exp(mask)', 'np.sqrt(mask)', 'np.log(mask)', 'scores.astype(int)',
        'np.exp(scores).round(2)', 'softmax(scores).round(3)', 'np.max(scores, -1, None)', 'np.max(scores, -1, np.float64)',
        'np.sum(scores, -1, np.float64)', 'np.isinf(scores)', 'np.maximum(scores, np.nan)', 'np.minimum(np.nan, scores)',
        'np.maximum(scores, -np.inf)', 'np.where(np.isinf(scores), 0, softmax(scores))',
    ],
}

NAMES = {1: ['Q', 'K', 'V', 'd_k', 'causal'], 2: ['Q', 'K', 'V', 'd_k', 'T', 'scores', 'causal'],
         3: ['Q', 'K', 'V', 'd_k', 'T', 'scores', 'mask', 'causal']}
NUMBERS = ['0', '1', '2', '-1', '0.5', '1e-9', '16', '4', '3.0', '1e3', '2 ** 60', '10 ** 20', '-2', '1.5', 'True', 'False']
UFUNCS = ['np.sqrt', 'np.exp', 'np.log', 'np.abs', 'np.isinf', 'np.isnan', 'np.logical_not', 'np.float32', 'np.float64', 'abs',
          'np.round', 'np.tanh', 'np.square', 'np.negative', 'float', 'int', 'bool', 'len', 'np.sign', 'np.array', 'list']
BINFUNCS = ['np.maximum', 'np.minimum', 'np.matmul', 'np.dot', 'np.inner', 'np.add', 'np.multiply', 'np.divide', 'np.subtract',
            'np.power', 'np.outer', 'max', 'min', 'pow', 'np.logical_and', 'np.logical_or', 'np.equal', 'np.greater']
REDUCERS = ['sum', 'max', 'min', 'mean', 'var', 'std', 'argmax', 'any', 'all', 'prod', 'cumsum']
METHODS0 = ['T', 'shape', 'ndim', 'size', 'dtype', 'real']
METHOD_CALLS = ['copy()', 'transpose()', 'swapaxes(-2, -1)', 'swapaxes(0, 1)', 'reshape(-1)', 'reshape(T, -1)', 'ravel()',
                'flatten()', 'astype(bool)', 'astype(int)', 'astype(float)', "astype('float32')", 'round(2)', 'round()',
                'clip(0, 1)', 'item()', 'tolist()', 'squeeze()', 'sum()', 'dot(K.T)', 'transpose(1, 0)', 'reshape((4, 16))']
OPS = ['+', '-', '*', '/', '@', '//', '%', '**', '==', '!=', '<', '>', '<=', '>=', '&', '|', '^']


def _numpy_expr(rng, todo, depth=0):
    """A random plausible NumPy expression over the names TODO `todo` sees."""
    r = rng.random()
    if depth >= 3 or r < 0.25:
        return rng.choice(NAMES[todo] * 3 + NUMBERS)
    if r < 0.45:
        return f'{_numpy_expr(rng, todo, depth + 1)} {rng.choice(OPS)} {_numpy_expr(rng, todo, depth + 1)}'
    if r < 0.55:
        return f'{rng.choice(UFUNCS)}({_numpy_expr(rng, todo, depth + 1)})'
    if r < 0.63:
        return f'{rng.choice(BINFUNCS)}({_numpy_expr(rng, todo, depth + 1)}, {_numpy_expr(rng, todo, depth + 1)})'
    if r < 0.75:
        red = rng.choice(REDUCERS)
        args = rng.choice(['', 'axis=-1', '-1', 'axis=0', 'axis=-1, keepdims=True', 'keepdims=True', 'axis=(0, 1)',
                           'axis=None', 'axis=2', 'axis=1.0', 'axis=[-1]', 'keepdims=1', 'dtype=float', '0, None',
                           'axis=-1, out=None', 'initial=0', 'where=True'])
        if rng.random() < 0.5:
            return f'np.{red}({_numpy_expr(rng, todo, depth + 1)}{", " + args if args else ""})'
        return f'({_numpy_expr(rng, todo, depth + 1)}).{red}({args})'
    if r < 0.85:
        return f'{rng.choice(NAMES[todo])}.{rng.choice(METHOD_CALLS + METHODS0)}'
    if r < 0.92:
        idx = rng.choice(['0', '-1', ':, 0', '..., None', 'None', ':, ::-1', '1:', '::2', '0, 0', ':, :, None', 'mask',
                          '[0, 1]', 'True', '1.0', '-5', '100', ':, None, :', '..., 0'])
        return f'{rng.choice(NAMES[todo])}[{idx}]'
    ctor = rng.choice(['np.ones((T, T))', 'np.zeros((T, d_k))', 'np.eye(4)', 'np.eye(T, k=1)', 'np.arange(4)',
                       'np.full((4, 4), -np.inf)', 'np.array([1, 2, 3])', 'np.array([[1.0, 2.0]])', 'np.tri(4)',
                       'np.ones(4, dtype=int)', 'np.arange(0, 1, 0.25)', 'np.zeros_like(Q)', 'np.ones_like(scores)',
                       'np.array([True, False])', 'np.arange(1100)', 'np.ones((40, 40))', 'np.arange(2 ** 53, 2 ** 53 + 3)',
                       'np.array([2 ** 62, 2 ** 62]) * 4', 'np.int64(2) ** 63', 'np.ones((2, 3)) @ np.ones(3)'])
    return ctor


def _wrap_syntax(rng, todo, base):
    """Python syntax edge cases around a (usually right) line."""
    t = TARGETS[todo - 1]
    forms = [
        lambda: base + ';', lambda: base + ' ;', lambda: f'{t} = {base};', lambda: base + '  # comment',
        lambda: f'{t} = {t}2 = {base}', lambda: f'{t} = x = {base}', lambda: f'{t} = ({base})',
        lambda: f'{base} if causal else {base}', lambda: f'({base}) if d_k > 0 else None',
        lambda: f'({t} := {base})', lambda: f'{t} = (y := {base})', lambda: f'(lambda: {base})()',
        lambda: f'[{base} for _ in range(1)][0]', lambda: f'{t}: object = {base}', lambda: f'{t} += {base}',
        lambda: f'\u00a0{base}', lambda: f'{base}\u00a0', lambda: f'\t{base}', lambda: f'{base}\t', lambda: f'{t}={base}',
        lambda: f'{t}  =  {base}', lambda: f'{base}; pass', lambda: f'{base};;', lambda: f'{t} = {base}\\',
        lambda: f'{t} == {base}', lambda: f'{base},', lambda: f'({base},)[0]', lambda: f'[{base}][0]',
        lambda: f'{{0: {base}}}[0]', lambda: f'not {base}', lambda: f'{base} and {base}', lambda: f'{base} or {base}',
        lambda: f'{base} is None', lambda: f'print({base})', lambda: f'({base}) + 0', lambda: f'+({base})',
        lambda: f'-(-({base}))', lambda: f'{t} = ((((({base})))))', lambda: f'λ = {base}', lambda: f'{t}ü = {base}',
        lambda: f'(*[{base}],)[0]', lambda: f'global {t}; {t} = {base}', lambda: f'{t} = {base} #', lambda: f'"{base}"',
        lambda: f"f'{{1}}' and {base}", lambda: f'{base} if True', lambda: f'del {t}', lambda: f'return {base}',
        lambda: f'{t} = yield {base}', lambda: f'{t} = await {base}', lambda: f'{t} = {base} = 1',
    ]
    return rng.choice(forms)()


LITERALS = ['04', '1__6', '16_', '1_6', '0x10', '0o20', '0b10000', '16.', '.5', '1e1', '1E+1', '0_0', '00', '0.0_1', '1_0.0',
            '1e1_0', '0b', '0x', '1e', '16j', '16L', '0777', '0o8', '0b2', '0xg', '1.5e-3', '1_000', '١٦', '१६', '0e0', '1.e1',
            '09.5', '00.5', '0_7', '0x_10', '0b_1', '1_e1', '1.0_', '1._0', '2 ** 60', '2 ** 63', '2 ** 64', '-2 ** 63',
            '10 ** 16 + 1', '9007199254740993', '2 ** 53 + 1', '0xFFFFFFFFFFFFFFFF', '1e308 * 10', 'True + True', 'int(1e20)',
            '2 ** -1', '(-8) ** (1 / 3)', '0 ** 0', '0.0 ** -1', '10 ** 400', '7 // 0', '7 % 0', '7.0 // 0', 'divmod(7, 2)',
            '-7 // 2', '-7 % 2', '7 // -2.0', 'round(2.5)', 'round(-0.5)', 'int(-2.7)', 'float("inf")', 'abs(-3)', 'pow(2, 10)',
            'pow(2, -1)', 'pow(2, 3, 5)', 'max(1, 2)', 'min(3, 2, 1)', 'sum([1, 2, 3])', 'len((1, 2))', 'list((1, 2))']


HOSTILE = ['__import__("os").getcwd()', 'open("/dev/null").read()', '().__class__.__bases__[0].__subclasses__()', 'exec("x=1")',
           'eval("1+1")', 'globals()', 'locals()', 'vars()', 'dir()', 'input', 'print', 'help', 'breakpoint', 'np.__file__',
           'np.load', 'np.save', 'np.ones((10 ** 6, 10 ** 6))', 'np.ones((100000, 100000), dtype=bool)', 'np.arange(10 ** 12)',
           'np.ones(-1)', 'np.ones((2,) * 40)', 'np.zeros((0, 0))', 'Q.__class__', 'Q.__dict__', 'Q.ctypes', "getattr(Q, 'T')",
           'type(Q)', 'id(Q)', 'hash(1)', 'object()', '[]', '{}', '()', 'None', '...', '', '   ', '#', '# just a comment',
           'import numpy as np', 'import math', 'from math import sqrt', 'raise ValueError("x")', 'assert False', 'pass', 'while True: pass',
           'for i in range(3): pass', 'def f(): pass', 'class A: pass', 'x = 1\nx', '(' * 60 + '1' + ')' * 60, '(' * 200 + '1' + ')' * 200,
           '-' * 300 + '1', '~' * 100 + '1', '1' + ' + 1' * 400, 'Q' + ' @ Q' * 100, 'np.sqrt(' * 30 + 'd_k' + ')' * 30,
           "'a' * 10 ** 6", '[0] * 10 ** 6', "'\\x00'", '"\\N{BULLET}"', 'b"x"', 'r"\\d"', '"""x"""', "'unterminated",
           'Q @ K.T / np.sqrt(d_k) ' + '#' * 1500, 'x' * 2100, 'Q\x00', 'Q\x0b@K', 'scores = \ufeffQ @ K.T', 'Q @ K.T / np.sqrt(d_k)\u200b',
           'ｓｃｏｒｅｓ = Q @ K.T / np.sqrt(d_k)', 'Q ＠ K.T', 'np . sqrt ( d_k )', 'np.\nsqrt', 'softmax', 'attention', 'attention(Q, K, V)',
           'np.random.rand(4, 4)', 'rng.standard_normal((4, 4))', 'X @ W_q', 'W_q', 'd_model', 'd_v', 'np.linalg.norm(Q)',
           '__builtins__', '__name__', 'np.e ** 710', 'np.float64(1e308) * 10', 'np.exp(1000)', 'np.log(0)', 'np.log(-1)',
           'np.sqrt(-1)', '1 / 0', '1.0 / 0', 'np.float64(1) / 0', 'np.ones(3) / 0', 'np.int64(2 ** 62) * 4', 'np.ones(3, dtype=int) * 2 ** 62 * 4']


# Lines whose arrays printed by the program (the attention call's row sums and weights) have more
# than 1,000 elements, so NumPy prints them summarised: float64, int64 and bool, 2-D to 4-D, values
# whose width or notation differs between the shown corners and the hidden middle, nan/inf, and the
# 1,000-element boundary. One line in BIG_EVERY comes from here, drawn from its own stream so the
# other families' lines stay what they were.
BIG_EVERY = 40
BIG = {
    1: ['Q @ K.T / np.sqrt(d_k) + np.zeros((300, 1, 1))', 'Q @ K.T / np.sqrt(d_k) * np.arange(1, 301).reshape(300, 1, 1)',
        'np.ones((300, 1, 1)) * (Q @ K.T) / np.sqrt(d_k)', '(Q @ K.T / np.sqrt(d_k))[None] - np.arange(300.0)[:, None, None] ** 2'],
    2: ['np.triu(np.ones((300, T, T), dtype=bool), k=1)', 'np.zeros((300, T, T), dtype=bool)',
        'np.arange(4800).reshape(300, T, T) % 3 == 0', 'np.arange(300 * T * T).reshape(300, T, T) % 5 > 0'],
    3: ['softmax(scores) + np.zeros((300, T, T))', 'softmax(scores) * np.arange(1, 301).reshape(300, 1, 1)',
        '-softmax(scores) * np.arange(1, 301).reshape(300, 1, 1)', 'np.ones((300, T, T), dtype=int)',
        'np.arange(1200 * T).reshape(1200, T) % 7 - 3',
        'np.where(np.arange(4800).reshape(300, T, T) == 2400, 1e20, softmax(scores))',
        'np.where(np.arange(4800).reshape(300, T, T) == 2400, -10 ** 15, np.ones((T, T), dtype=int))',
        'np.where(np.arange(4800).reshape(300, T, T) == 4799, np.nan, softmax(scores))',
        'np.where(np.arange(4800).reshape(300, T, T) == 2000, -np.inf, softmax(scores))',
        'np.arange(4004).reshape(1001, T) * 1000', 'np.ones((251, T)) / 3', 'np.ones((250, T)) / 3',
        'np.arange(-2000, 2004).reshape(1001, T) / 8', 'softmax(scores + np.zeros((2, 150, 1, 1)))',
        'np.ones((1001, T), dtype=bool)', 'softmax(scores)[None] + np.zeros((300, 1, 1))',
        'np.arange(4800).reshape(300, T, T) ** 3', 'np.arange(4800).reshape(300, T, T) * 1e-5',
        'softmax(scores) * np.where(np.arange(300) == 150, 1e9, 1.0).reshape(300, 1, 1)',
        'np.arange(4800).reshape(300, T, T) - 2400', 'softmax(scores) - np.arange(300)[:, None, None]',
        'np.ones((300, T, T)) * np.nan', 'np.full((2, 600, T), -np.inf)'],
}

# Lines at the edges of what the checker models, one family per kind of difference once found
# between it and NumPy: dtype spellings, strings given to number constructors, signed zeros,
# non-ASCII literals, 0-d arrays, arrays too large to build, and line joins inside one slot. One
# line in EDGE_EVERY comes from here, drawn from its own stream (like BIG).
EDGE_EVERY = 9
DTYPES_BOOL = ["'b1'", "'?'", "'bool_'", "'bool8'", "'bool'", "np.dtype('bool')", 'np.dtype(bool)', "'|b1'", "'=?'",
               "'<b1'", 'np.bool_', "'boolean'", "'Bool'", "'b'", "'u1'", "'i1'", "'S1'", "'f8'", "np.dtype('?')", "'B'",
               "np.dtype('boolean')", "'bool_ '", "'c'", "'U'"]
DTYPES_FLOAT = ["'f8'", "'float64'", "'<f8'", "'=f8'", "'d'", "'double'", "'float'", "'f4'", "'float32'", "'f2'", "'>f8'",
                "np.dtype('float64')", "'float_'", "'g'", "'longdouble'", "'Float64'", "'float8'", "'e'", "'half'",
                "np.dtype(float)", "'i8'", "'int'", "'long'", "'l'", "'q'", "'p'", "'intp'", "'int0'", "'i4'", "'u8'",
                "'O'", "'double '"]
STRINGS = ["'16'", "' 16 '", "'16.0'", "'1_6'", "'+16'", "'1.6e1'", "'0x10'", "'16j'", "'sixteen'", "''", "'inf'",
           "'\u0661\u0666'", "'16.'", "'1__6'", "'_16'", "'16_'", "'-16'", "'1e'", "'nan'", "'Infinity'", "'\t16\t'",
           "'0016'", "'1e1_0'"]
CONVERTERS = ['float', 'int', 'np.float64', 'np.int64', 'np.bool_', 'bool']
ZEROS = ['0.0', '-0.0', '0', '-0', '-np.zeros((T, T))', 'np.zeros((T, T))', '-0.0 * scores', 'np.float64(-0.0)', 'np.nan']
TEXTS = ["'√'", "'√' * 16", "'注意力' * 5 + 'x'", "'é' * 16", "'ü' * 8", "'😀' * 16", "'ab√'", "'ß'", "'∞' * 4",
         "'\u221a'", "'√√'"]
EDGE = {
    1: [lambda r: f'(Q @ K.T / np.sqrt(d_k)).astype({r.choice(DTYPES_FLOAT)})',
        lambda r: f'Q @ K.T / np.sqrt({r.choice(CONVERTERS)}({r.choice(STRINGS)}))',
        lambda r: f'Q @ K.T / np.sqrt(d_k) + np.{r.choice(["maximum", "minimum", "fmax", "fmin"])}'
                  f'({r.choice(ZEROS[:4] + ZEROS[7:])}, {r.choice(ZEROS[:4] + ZEROS[7:])})',
        lambda r: f'Q @ K.T / np.sqrt(len({r.choice(TEXTS)}))',
        lambda r: f'Q @ K.T / np.sqrt(d_k)  # {r.choice(["缩放", "√d_k", "über", "😀"])}',
        lambda r: r.choice(['Q @ K.T / np.sqrt(np.array(d_k).max(axis=-1))', 'Q @ K.T / np.sqrt(np.float64(d_k).sum(-1, keepdims=True))',
                            'Q @ K.T / np.sqrt(np.array(d_k).sum(axis=0))', 'Q @ K.T / np.sqrt(np.array(d_k).mean(axis=-1))',
                            'Q @ K.T / np.sqrt(np.sum(d_k, axis=-1))', 'Q @ K.T / np.sqrt(np.max(d_k, axis=0))',
                            'Q @ K.T / np.sqrt(np.array(d_k).max(axis=1))', 'Q @ K.T / np.sqrt(np.float64(d_k).min(axis=(0,)))']),
        lambda r: r.choice(['np.ones((100000, 100000))', 'np.zeros((T, 10 ** 6))', 'np.arange(10 ** 11)', 'np.eye(10 ** 6)',
                            'np.full((10 ** 5, 10 ** 5), -np.inf)', 'np.ones((2000, 2000)) @ np.ones((2000, 4))',
                            'np.ones((1001, 1000))', 'Q @ K.T / np.sqrt(d_k) + np.zeros((3000, 1, 1))',
                            'np.zeros((10 ** 6, 10 ** 6))[:4, :4]', 'np.ones((100000, 100000)).sum()']),
        lambda r: r.choice(['Q @ K.T \\\n/ np.sqrt(d_k)', 'scores = Q @ K.T \\\n    / np.sqrt(d_k)', 'Q @ K.T / \\\nnp.sqrt(d_k)',
                            '(Q @ K.T\n/ np.sqrt(d_k))', 'Q @ K.T \\', 'Q @ K.T \\ / np.sqrt(d_k)', 'Q @ K.T \\\r\n/ np.sqrt(d_k)',
                            'np.matmul(Q, \\\nK.T) / np.sqrt(d_k)', 'Q @ K.T \\\n\\\n/ np.sqrt(d_k)', 'Q @ K.T \\\n/ np.sqrt(T)',
                            'Q @ K.T\\\n/np.sqrt(d_k)', 'Q \\\n@ K']),
        ],
    2: [lambda r: f'np.triu(np.ones((T, T), dtype={r.choice(DTYPES_BOOL)}), k=1)',
        lambda r: f'np.triu(np.ones((T, T)), k=1).astype({r.choice(DTYPES_BOOL)})',
        lambda r: f'np.arange(T, dtype={r.choice(DTYPES_FLOAT[:12] + DTYPES_BOOL[:6])})[None, :] > np.arange(T)[:, None]',
        lambda r: f'np.triu(np.ones((T, T), dtype={r.choice(DTYPES_BOOL[:6])}), k={r.choice(CONVERTERS[:4])}({r.choice(STRINGS[:8] + ["1", "1.0"])}))'.replace("'16", "'1").replace("1_6", "1").replace("1.6e1", "1e0"),
        lambda r: r.choice(['np.arange(5, dtype=bool)', 'np.arange(2, dtype=bool)', 'np.arange(T, dtype=bool)',
                            'np.arange(0.5, T, dtype=int)[None, :] > np.arange(T)[:, None]',
                            'np.arange(0, T, 0.5, dtype=int)[None, :4] > np.arange(T)[:, None]',
                            'np.arange(-1, 1, dtype=bool)', 'np.arange(T * 1.0, dtype=int)[None, :] > np.arange(T)[:, None]']),
        lambda r: r.choice(['np.ones((100000, 100000), dtype=bool)', 'np.triu(np.ones((3000, 3000), dtype=bool), k=1)',
                            'np.tri(2000, dtype=bool)', 'np.zeros((T, T, 10 ** 5), dtype=bool)',
                            'np.triu(np.ones((T, T), dtype=bool), 1) | np.zeros((3000, 3000), dtype=bool)']),
        lambda r: r.choice(['np.triu(np.ones((T, T), \\\ndtype=bool), k=1)', 'np.triu(\\\nnp.ones((T, T), dtype=bool), k=1)',
                            'np.triu(np.ones((T, T),\ndtype=bool), k=1)', 'mask = \\\nnp.triu(np.ones((T, T), dtype=bool), k=1)',
                            'np.triu(np.ones((T, T), dtype=bool), k=1) \\', '~np.tri(T, \\\n dtype=bool)']),
        lambda r: f'np.triu(np.ones((T, T), dtype=bool), k=len({r.choice(TEXTS)}))',
        ],
    3: [lambda r: f'softmax(scores.astype({r.choice(DTYPES_FLOAT)}))',
        lambda r: f'np.{r.choice(["maximum", "minimum", "fmax", "fmin"])}(softmax(scores), {r.choice(ZEROS)})',
        lambda r: f'np.{r.choice(["maximum", "minimum", "fmax", "fmin"])}({r.choice(ZEROS)}, softmax(scores))',
        lambda r: r.choice(['np.where(mask, -0.0, softmax(scores))', 'np.where(mask, -0, softmax(scores))',
                            'softmax(scores) * -1 * -1', 'np.where(softmax(scores) > 0, softmax(scores), -0.0)',
                            '-(-softmax(scores))', 'softmax(scores) - 0.0', 'softmax(scores) + -0.0', '0.0 - -softmax(scores)',
                            'np.where(True, softmax(scores), -0.0)', 'np.where(False, -0.0, softmax(scores))']),
        lambda r: f'softmax(scores) * {r.choice(CONVERTERS)}({r.choice(STRINGS)})',
        lambda r: f'softmax(scores) * len({r.choice(TEXTS)})',
        lambda r: r.choice(['softmax(np.float64(1.0)) * softmax(scores)', 'softmax(np.array(2.0)) * softmax(scores)',
                            'softmax(scores) * np.float64(3.0).max(axis=-1)', 'softmax(scores) * np.array(1.0).sum(axis=0)',
                            'softmax(scores) * np.array(1.0).sum(axis=1)', 'softmax(scores) * np.array(2.0).mean(axis=-1)',
                            'softmax(scores) + np.sum(0.0, axis=-1)', 'softmax(scores) * np.max(1, axis=0)',
                            'softmax(scores) * softmax(np.float64(7))', 'softmax(scores) * np.array(1.0).max(axis=-1, keepdims=True)',
                            'softmax(scores) * np.float64(1).sum(axis=(0,))', 'softmax(1.0) * softmax(scores)']),
        lambda r: r.choice(['np.ones((100000, 100000))', 'softmax(np.zeros((T, 10 ** 9)))', 'np.ones((10 ** 5, 10 ** 5)) / T',
                            'softmax(scores + np.zeros((2000, 1, 1)))', 'np.full((T, T, 10 ** 9), 0.25)',
                            'softmax(scores) + np.zeros((1000, 1000))[:T, :T]']),
        lambda r: r.choice(['softmax(\\\nscores)', 'softmax(scores) \\\n+ 0', 'np.exp(scores) \\\n/ np.exp(scores).sum(axis=-1, keepdims=True)',
                            'softmax(scores\n)', 'softmax(scores) \\', 'weights = \\\nsoftmax(scores)', 'softmax \\\n(scores)']),
        ],
}


# One line in TABLE_EVERY (where no EDGE or BIG line goes) raises an entry of the checker's table of
# Python's errors (`attn-cli exercise-errors`, cpp/src/pyeval/errors.cpp), in turn: every entry is
# raised once in the first table_cover_count() lines, whatever the seed. The forms vary with the
# seed; each must make Python raise that error too (exercise_diff.py confirms the entries).
TABLE_EVERY = 7
_I = lambda r: r.choice(['2', '3', '5', '7'])
TABLE = [
    ('no-keywords', 1, lambda r: r.choice(['Q @ K.T / np.sqrt(len(obj=Q))', 'Q @ K.swapaxes(axis1=0, axis2=1)',
                                          'np.where(Q > 0, x=Q, y=K)'])),
    ('positional-count', 1, lambda r: f'Q @ np.swapaxes(K, 0, 1, {_I(r)})'),
    ('positional-range', 1, lambda r: r.choice([f'Q @ K.T / np.sqrt(d_k, 1, {_I(r)})', f'np.triu(Q, 1, {_I(r)})'])),
    ('unexpected-keyword', 2, lambda r: r.choice([f'np.triu(np.ones((T, T), dtype=bool), kk={_I(r)})',
                                                 'np.sqrt(scores, where_=True)', 'np.where(mask, -np.inf, scores, out=scores)'])),
    ('multiple-values', 2, lambda r: f'np.triu(np.ones((T, T), dtype=bool), 1, k={_I(r)})'),
    ('missing-argument', 1, lambda r: r.choice(['Q @ np.swapaxes(K, 0)', 'np.triu(np.float64(1.0))'])),
    ('at-least-one', 3, lambda r: r.choice(['max()', 'min()'])),
    ('list-arguments', 3, lambda r: 'list(scores, scores)'),
    ('reshape-arguments', 1, lambda r: 'Q @ K.reshape()'),
    ('not-callable', 1, lambda r: r.choice([f'd_k({_I(r)})', 'Q(K)', '(Q @ K.T)(d_k)'])),
    ('name', 1, lambda r: r.choice(['Q @ k.T / np.sqrt(d_k)', 'q @ K.T', 'Q @ K.T / np.sqrt(dk)', 'Q @ K.T / sqrt(d_k)'])),
    ('unbound-local', 1, lambda r: r.choice(['Q @ K.T / np.sqrt(weights)', 'Q @ K.T + mask'])),
    ('module-attribute', 1, lambda r: r.choice(['Q @ K.T / np.sqroot(d_k)', 'np.softmax(Q @ K.T)', 'Q @ K.T / np.root(d_k)'])),
    ('object-attribute', 1, lambda r: r.choice(['Q @ K.t / np.sqrt(d_k)', 'Q @ K.T / d_k.sqrt()', 'Q.matmul(K.T)'])),
    ('not-subscriptable', 1, lambda r: f'Q @ K.T / np.sqrt(d_k[{r.choice(["0", "-1"])}])'),
    ('slice-indices', 1, lambda r: f'Q[{r.choice(["0.5", "1.5"])}:] @ K.T'),
    ('slice-step', 1, lambda r: 'Q[::0] @ K.T'),
    ('sequence-index-type', 1, lambda r: f'Q @ K.T / np.sqrt(Q.shape[{r.choice(["0.5", "1.0", "None"])}])'),
    ('sequence-index-range', 1, lambda r: f'Q @ K.T / np.sqrt(Q.shape[{r.choice(["2", "5", "-3"])}])'),
    ('scalar-index', 1, lambda r: 'Q @ K.T / np.sqrt(np.float64(d_k)[0])'),
    ('index-types', 1, lambda r: f'Q[{r.choice(["0.5", "1.0", chr(39) + "a" + chr(39)])}] @ K.T'),
    ('single-ellipsis', 1, lambda r: 'Q[..., ...] @ K.T'),
    ('too-many-indices', 1, lambda r: f'Q[0, 0, {r.choice(["0", "1", ":"])}] @ K.T'),
    ('index-bounds', 1, lambda r: f'Q[{r.choice(["100", "-100", "4"])}] @ K.T'),
    ('not-iterable', 3, lambda r: r.choice(['list(T)', 'max(T)', 'sum(None)'])),
    ('iterate-0d', 3, lambda r: 'list(np.array(1.0))'),
    ('len-unsized', 1, lambda r: 'Q @ K.T / np.sqrt(len(np.array(1.0)))'),
    ('no-len', 1, lambda r: r.choice(['Q @ K.T / np.sqrt(len(d_k))', 'Q @ K.T / np.sqrt(len(None))'])),
    ('empty-sequence', 3, lambda r: r.choice(['max(())', 'min([])'])),
    ('operand-types', 1, lambda r: r.choice(['(1, 2) - (1, 2)', '(1, 2) @ (3, 4)', 'Q.shape @ K.shape', '[1] @ (1,)',
                                            'Q.shape @ 2', 'np.float64(2) @ Q.shape', 'None @ None', 'd_k @ d_k'])),
    ('unary-operand', 1, lambda r: r.choice(['-(1, 2)', '~1.5', '-None', '+Q.shape'])),
    ('division-by-zero', 1, lambda r: f'Q @ K.T / ({_I(r)} / 0)'),
    ('float-division-by-zero', 1, lambda r: f'Q @ K.T / ({_I(r)}.0 / 0)'),
    ('int-floor-division-by-zero', 1, lambda r: f'Q @ K.T / ({_I(r)} // 0)'),
    ('int-modulo-by-zero', 1, lambda r: f'Q @ K.T / ({_I(r)} % 0)'),
    ('float-floor-division-by-zero', 1, lambda r: f'Q @ K.T / ({_I(r)}.5 // 0)'),
    ('float-modulo-by-zero', 1, lambda r: f'Q @ K.T / ({_I(r)}.5 % 0)'),
    ('zero-negative-power', 1, lambda r: f'Q @ K.T / (0.0 ** -{_I(r)})'),
    ('power-overflow', 1, lambda r: f'Q @ K.T / ({_I(r)}.0 ** 1000)'),
    ('not-integer', 2, lambda r: r.choice(['np.triu(np.ones((T, T), dtype=bool), k=1.5)', 'np.ones((T, 2.5))',
                                          'np.ones((T, T), dtype=bool)[None:None:"a"]', 'np.eye(T, 1.5)'])),
    ('float-axis', 3, lambda r: f'softmax(scores) / scores.mean(axis={r.choice(["1.0", "-1.0", "(1.0,)", "np.float64(1)"])})'),
    ('integer-required', 3, lambda r: r.choice(['softmax(scores).sum(axis=True) * softmax(scores)',
                                               'softmax(scores) / scores.max(axis=False)'])),
    ('float-string', 1, lambda r: f"Q @ K.T / np.sqrt(float('{r.choice(['x', 'sixteen', '1,6'])}'))"),
    ('int-string', 1, lambda r: f"Q @ K.T / np.sqrt(int('{r.choice(['x', '16.0', '1e1'])}'))"),
    ('number-argument', 1, lambda r: r.choice(['Q @ K.T / np.sqrt(float(None))', 'Q @ K.T / np.sqrt(int(Q.shape))'])),
    ('size-one', 1, lambda r: r.choice(['Q @ K.T / float(Q)', 'Q @ K.T / int(K)'])),
    ('truth-ambiguous', 1, lambda r: r.choice(['Q @ K.T if Q else K', 'Q and K', 'not Q'])),
    ('dtype-not-understood', 2, lambda r: f"np.triu(np.ones((T, T), dtype='{r.choice(['boolean_', 'xyz', 'float99'])}'), k=1)"),
    ('dtype-interpret', 2, lambda r: f'np.triu(np.ones((T, T), dtype={r.choice(["5", "1.5", "True"])}), k=1)'),
    ('negative-dimensions', 2, lambda r: r.choice(['np.triu(np.ones((-T, T), dtype=bool), k=1)', 'np.eye(-1)', 'np.zeros((T, -T))'])),
    ('reshape-unknown', 1, lambda r: '(Q @ K.T).reshape(-1, -1)'),
    ('reshape-size', 1, lambda r: r.choice([f'(Q @ K.T).reshape({_I(r)}, 3)', '(Q @ K.T).reshape(-1, 3)',
                                           '(Q @ K.T).reshape(2, -2, 3)', '(Q @ K.T).reshape(5)', '(Q @ K.T).reshape(0, -1)'])),
    ('max-dimensions', 2, lambda r: f'np.ones((1,) * {r.choice(["33", "40"])}, dtype=bool)'),
    ('too-big', 1, lambda r: r.choice(['np.ones((2 ** 31, 2 ** 31))', 'np.zeros((10 ** 10, 10 ** 10))'])),
    ('memory', 1, lambda r: r.choice(['np.ones((100000, 100000))', 'np.zeros((T, 10 ** 11))', 'np.arange(10 ** 11)'])),
    ('axis-bounds', 3, lambda r: f'softmax(scores) / scores.sum(axis={r.choice(["2", "-3", "5"])})'),
    ('duplicate-axis', 3, lambda r: 'softmax(scores) / scores.sum(axis=(1, 1))'),
    ('axes-mismatch', 1, lambda r: 'Q @ K.transpose(0, 1, 2)'),
    ('repeated-axis', 1, lambda r: 'Q @ K.transpose(0, 0)'),
    ('broadcast', 1, lambda r: f'Q @ K.T + np.ones({r.choice(["3", "5", "(2, 3)"])})'),
    ('zero-size-reduction', 3, lambda r: f'softmax(scores) * np.ones((0,)).{r.choice(["max", "min"])}()'),
    ('output-array', 3, lambda r: 'softmax(scores) / np.sum(scores, out=1)'),
    ('ufunc-types', 1, lambda r: r.choice(['Q @ K.T & d_k', '(Q @ K.T) | (Q @ K.T)', '~(Q @ K.T)'])),
    ('ufunc-no-loop', 1, lambda r: f'Q @ K.T / np.{r.choice(["sqrt", "exp", "log"])}(None)'),
    ('round-cast', 2, lambda r: 'np.round(np.triu(np.ones((T, T), dtype=bool), k=1), 1)'),
    ('bool-subtract', 2, lambda r: 'np.triu(np.ones((T, T), dtype=bool), k=1) - np.eye(T, dtype=bool)'),
    ('bool-negative', 2, lambda r: '-np.triu(np.ones((T, T), dtype=bool), k=1)'),
    ('negative-integer-power', 2, lambda r: f'np.arange(T) ** -{_I(r)}'),
    ('matmul-dimensions', 1, lambda r: r.choice(['Q @ 2.0', f'{_I(r)} @ K.T', 'Q @ None'])),
    ('matmul-core', 1, lambda r: r.choice(['Q @ K', 'Q @ (1, 2)', 'Q.T @ K.T'])),
    ('matmul-broadcast', 1, lambda r: 'np.ones((2, 4, 16)) @ np.ones((3, 16, 4))'),
    ('not-aligned', 1, lambda r: r.choice(['np.dot(Q, K)', 'Q.dot(K)', 'np.inner(Q, K.T)'])),
    ('tensordot-mismatch', 1, lambda r: 'np.tensordot(Q, K, axes=([1], [0]))'),
    ('arange-length', 2, lambda r: 'np.arange(0, np.nan)[None, :T] > np.arange(T)[:, None]'),
    ('arange-size', 2, lambda r: r.choice(['np.arange(0, np.inf)[None, :T] > np.arange(T)[:, None]', 'np.arange(-np.inf, T)',
                                          'np.arange(1e300)', 'np.arange(np.inf)'])),
    ('arange-bool', 2, lambda r: f'np.arange({r.choice(["5", "T", "3"])}, dtype=bool)'),
    ('where-xy', 2, lambda r: 'np.where(np.triu(np.ones((T, T), dtype=bool), k=1), True)'),
    ('einsum-operand-count', 1, lambda r: "np.einsum('id,jd->ij', Q)"),
    ('einsum-subscript', 1, lambda r: "np.einsum('i1,j1->ij', Q, K)"),
    ('einsum-subscript-count', 1, lambda r: "np.einsum('idk,jd->ij', Q, K)"),
    ('einsum-broadcast', 1, lambda r: r.choice(["np.einsum('...id,...jd->...ij', np.ones((2, 4, 16)), np.ones((3, 4, 16)))",
                                               "np.einsum('id,dj->ij', Q, K)", "np.einsum('id,dj', Q, K)",
                                               "np.einsum('xd,dj->j', Q, K)", "np.einsum('id,jd->ij', Q, np.ones((5, 8)))",
                                               "np.einsum('ij,j->i', Q, np.ones(5))", "np.einsum('...d,...d', np.ones((2, 16)), np.ones((3, 16)))",
                                               "np.einsum('id,id->d', Q, np.ones((5, 16)))"])),
    ('einsum-output-unknown', 1, lambda r: "np.einsum('id,jd->iz', Q, K)"),
    ('einsum-output-repeated', 1, lambda r: "np.einsum('id,jd->ii', Q, K)"),
    ('einsum-output-dimensions', 1, lambda r: "np.einsum('...id,jd->ij', np.ones((2, 4, 16)), K)"),
    ('syntax', 1, lambda r: r.choice(['Q @ K.T /', 'Q @ (K.T', 'Q @@ K.T', 'Q @ K.T / np.sqrt(d_k))'])),
]


def _table_slot(i):
    return i % TABLE_EVERY == 3 and i % EDGE_EVERY != EDGE_EVERY - 1 and i % BIG_EVERY != BIG_EVERY - 1


def table_cover_count():
    """The fewest lines that raise every TABLE entry once."""
    i = slots = 0
    while slots < len(TABLE):
        slots += _table_slot(i)
        i += 1
    return i


def generate(seed, count):
    rng = random.Random(seed)
    big_rng = random.Random(seed * 1000003 + 1)
    edge_rng = random.Random(seed * 1000003 + 2)
    out = []
    table_rng = random.Random(seed * 1000003 + 3)
    fams = ['right'] * 15 + ['mistake'] * 20 + ['numpy'] * 35 + ['syntax'] * 18 + ['hostile'] * 12
    table = 0
    for _ in range(count):
        todo = rng.choice((1, 2, 3))
        fam = rng.choice(fams)
        if fam == 'right':
            line = rng.choice(RIGHT[todo])
        elif fam == 'mistake':
            line = rng.choice(MISTAKES[todo])
        elif fam == 'numpy':
            line = _numpy_expr(rng, todo)
        elif fam == 'syntax':
            if rng.random() < 0.4:
                lit = rng.choice(LITERALS)
                line = rng.choice([f'Q @ K.T / np.sqrt({lit})', f'{lit}', f'np.triu(np.ones((T, T), dtype=bool), k={lit})',
                                   f'softmax(scores) * {lit}', f'np.ones(({lit}, {lit}))'])
            else:
                line = _wrap_syntax(rng, todo, rng.choice(RIGHT[todo] + MISTAKES[todo][:10]))
        else:
            line = rng.choice(HOSTILE)
        if fam in ('right', 'mistake', 'numpy') and rng.random() < 0.3:
            line = f'{TARGETS[todo - 1]} = {line}'
        if len(out) % EDGE_EVERY == EDGE_EVERY - 1:
            todo = edge_rng.choice((1, 2, 3))
            line = edge_rng.choice(EDGE[todo])(edge_rng)
            if edge_rng.random() < 0.2 and not line.startswith(TARGETS[todo - 1] + ' ='):
                line = f'{TARGETS[todo - 1]} = {line}'
        if _table_slot(len(out)):
            _, todo, make = TABLE[table % len(TABLE)]
            line = make(table_rng)
            table += 1
        if len(out) % BIG_EVERY == BIG_EVERY - 1:
            todo = big_rng.choice((1, 2, 3))
            line = big_rng.choice(BIG[todo])
            if big_rng.random() < 0.3:
                line = f'{TARGETS[todo - 1]} = {line}'
        out.append((todo, line))
    return out
