"""Differential test of the exercise checker against real Python + NumPy.

Reads JSON lines on stdin, one per generated exercise line (written by exercise-diff.test.ts,
which builds each learner's program with web/elements/attn-exercise/program.ts):

  {"todo": 1..3, "line": ..., "seed": "0", "program": <the copied program, en>,
   "slot": <the program's line for this TODO>, "run": <first line of the attention call's block>,
   "experiment": <first line of the section-3 block>}

Runs every line through the C++ checker (`attn-cli exercise-batch`, one process) and through this
long-lived Python process (the learner's exact program, `exec`'d in a fresh namespace), and
compares, per line:

  * the program's output up to the attention call's prints (what follows depends on the seed
    alone; one full run per seed checks that it is unchanged), the error type and message;
  * the verdict: the judge re-done in NumPy (same test inputs and rules as cpp/lessons/exercise.cpp,
    executed by Python on the learner's own attention() function).

Figures (printed as JSON on stdout, examples of every disagreement in --report):
  correct_but_wrong   checker says correct, NumPy's judge says wrong            (must be 0)
  valid_called_wrong  NumPy's judge says correct, checker says wrong            (must be 0)
  invalid_run         Python: SyntaxError, checker ran or judged the line       (must be 0)
  silent_text_diff    neither side raised and the printed text differs          (must be 0)
  exception types     equal types among the lines where either side raised      (>= 95 %)
                      (not counting programs the checker stopped as unsupported: unsupported_output)
  untabled            the checker raised a Python error that matches no entry of its table of
                      Python's errors (`attn-cli exercise-errors`)                  (must be 0)
  unconfirmed         table entries the exercise can raise that no line confirmed: raised by the
                      checker with Python raising the same type and message (SyntaxError: the same
                      type; Python shows the line where the checker gives the column)  (must be
                      none, with --require-table: the run holds gen_lines.table_cover_count() lines)
Exit status 1 when a gate fails.
"""
import argparse
import builtins
import collections
import contextlib
import io
import json
import os
import re
import resource
import signal
import subprocess
import sys
import traceback
import warnings

import numpy as np

TARGETS = ['scores', 'mask', 'weights']

# The judge's test inputs: cpp/lessons/exercise.cpp's kCases and make_problem (T, d, d_v, rng seed).
JUDGE_SEED = 20240601
CASES = [(4, 16, 16), (5, 8, 3), (3, 16, 7), (7, 4, 5)]
NONCAUSAL_CASE = (0, 99)  # TODO 3 also runs without the mask on CASES[0] drawn with seed + 99


def error_line(e):
    return traceback.format_exception_only(type(e), e)[-1].rstrip('\n')


def error_type(e):
    if isinstance(e, SyntaxError):
        return 'SyntaxError'  # IndentationError, TabError: the checker says SyntaxError
    name = type(e).__qualname__
    mod = type(e).__module__
    return name if mod == 'builtins' else f'{mod}.{name}'


class Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise Timeout('line took too long')


def run_py(code, ns, seconds=20):
    """exec `code` in ns with stdout captured: (text, exception or None)."""
    buf = io.StringIO()
    signal.alarm(seconds)
    err = None
    try:
        with contextlib.redirect_stdout(buf), warnings.catch_warnings():
            warnings.simplefilter('ignore')
            exec(code, ns)
    except Timeout as e:
        err = e
    except BaseException as e:  # noqa: BLE001 - the learner's line may raise anything
        if isinstance(e, KeyboardInterrupt):
            raise
        err = e
    finally:
        signal.alarm(0)
    return buf.getvalue(), err


def close_to(a, b):
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    if a.shape != b.shape:
        return False
    nan_a, nan_b = np.isnan(a), np.isnan(b)
    if (nan_a != nan_b).any():
        return False
    inf = np.isinf(a) | np.isinf(b)
    if (a[inf & ~nan_a] != b[inf & ~nan_a]).any():
        return False
    ok = ~(nan_a | inf)
    return bool((np.abs(a[ok] - b[ok]) <= 1e-9 + 1e-6 * np.abs(b[ok])).all())


def is_array(v):
    return isinstance(v, np.ndarray) and v.dtype.kind in 'biuf'


def problem(case, rng_index, causal):
    T, d, dv = case
    rng = np.random.default_rng(JUDGE_SEED + rng_index)
    Q = rng.standard_normal((T, d))
    K = rng.standard_normal((T, d))
    V = rng.standard_normal((T, dv))
    scores = Q @ K.swapaxes(-2, -1) / np.sqrt(d)
    mask = np.triu(np.ones((T, T), dtype=bool), k=1)
    masked = np.where(mask, -np.inf, scores)
    x = masked if causal else scores
    x = x - x.max(axis=-1, keepdims=True)
    e = np.exp(x)
    weights = e / e.sum(axis=-1, keepdims=True)
    return dict(Q=Q, K=K, V=V, causal=causal, scores=scores, mask=mask, masked=masked, weights=weights)


def judge_value(k, v, p):
    """True when TODO k's value v is right on problem p (the rules of cpp/lessons/exercise.cpp)."""
    if k == 1:
        return is_array(v) and v.shape == p['scores'].shape and close_to(v, p['scores'])
    if k == 2:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter('ignore')
                eff = np.where(v, -np.inf, p['scores'])
        except Exception:  # noqa: BLE001
            return False
        if eff.shape != p['scores'].shape:
            return False
        hidden = np.isneginf(eff) & ~np.isinf(p['scores'])
        T = p['scores'].shape[-1]
        if not (hidden == np.triu(np.ones((T, T), dtype=bool), k=1)).all():
            return False
        if isinstance(v, np.ndarray):
            return v.dtype == bool
        return isinstance(v, (bool, np.bool_))
    return is_array(v) and v.shape == p['weights'].shape and close_to(v, p['weights'])


def judge(k, item, head):
    """NumPy's verdict on the line: ('correct'|'wrong', error type or '')."""
    program = item['program']
    slot = item['slot']
    fn_start = program.index('def attention(')
    at = program.find('\n' + slot + '\n', fn_start)
    if at < 0:
        return 'wrong', 'unjudgeable'
    indent = slot[: len(slot) - len(slot.lstrip(' '))]
    at += 1 + len(slot)
    probe = f"{indent}__probe__.append(dict(locals()))\n"
    cut = program.index('\n' + item['run'])
    source = program[:at] + '\n' + probe + program[at + 1:cut] + '\n'
    ns = {'__name__': '__main__', '__builtins__': builtins, '__probe__': []}
    _, err = run_py(source, ns)
    if err is not None:
        return 'wrong', error_type(err)
    target = TARGETS[k - 1]
    runs = [(case, i, True) for i, case in enumerate(CASES)]
    if k == 3:
        runs.append((CASES[NONCAUSAL_CASE[0]], NONCAUSAL_CASE[1], False))
    for case, idx, causal in runs:
        p = problem(case, idx, causal)
        ns['__probe__'].clear()
        call = ns['attention']
        signal.alarm(20)
        err = None
        try:
            with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
                warnings.simplefilter('ignore')
                call(p['Q'], p['K'], p['V'], causal)
        except BaseException as e:  # noqa: BLE001
            if isinstance(e, KeyboardInterrupt):
                raise
            err = e
        finally:
            signal.alarm(0)
        if not ns['__probe__']:
            return 'wrong', error_type(err) if err else 'no value'
        local = ns['__probe__'][0]
        if target not in local:
            return 'wrong', 'target'
        if not judge_value(k, local[target], p):
            return 'wrong', ''
    return 'correct', ''


def parse_records(data):
    """attn-cli exercise-batch's output: records of length-prefixed fields ending with a newline."""
    out, i = [], 0
    while i < len(data):
        fields = []
        while data[i:i + 1] != b'\n':
            colon = data.index(b':', i)
            n = int(data[i:colon])
            fields.append(data[colon + 1:colon + 1 + n].decode('utf-8', 'replace'))
            i = colon + 1 + n
        i += 1
        out.append(fields)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--cli', default='build/native/attn-cli')
    ap.add_argument('--report', default='')
    ap.add_argument('--examples', type=int, default=15)
    ap.add_argument('--require-table', action='store_true', help='fail on table entries no line confirmed')
    args = ap.parse_args()
    resource.setrlimit(resource.RLIMIT_AS, (6 << 30, 6 << 30))
    signal.signal(signal.SIGALRM, _alarm)
    items = [json.loads(l) for l in sys.stdin if l.strip()]

    batch = ''.join(f"{it['seed']} {it['todo']} {it['line'].encode('utf-8').hex()}\n" for it in items)
    r = subprocess.run([args.cli, 'exercise-batch'], input=batch.encode(), capture_output=True, check=True)
    cpp = parse_records(r.stdout)
    assert len(cpp) == len(items), (len(cpp), len(items))
    t = subprocess.run([args.cli, 'exercise-errors'], capture_output=True, check=True, text=True)
    table = [dict(zip(('code', 'type', 'message', 'where', 'scope'), l.split('\t'))) for l in t.stdout.splitlines()]
    confirmed = collections.Counter()
    disputed = collections.Counter()

    figures = dict(lines=len(items), correct_but_wrong=0, valid_called_wrong=0, invalid_run=0, silent_text_diff=0,
                   unsupported=0, unsupported_output=0, py_correct=0, cpp_correct=0, erroring=0, type_equal=0, message_equal=0,
                   py_syntax=0, full_program_checked=0, untabled=0)
    examples = {}
    unsupported = collections.Counter()

    def note(kind, it, **extra):
        examples.setdefault(kind, [])
        if len(examples[kind]) < args.examples:
            examples[kind].append(dict(todo=it['todo'], line=it['line'], **extra))

    full_checked = set()
    for it, c in zip(items, cpp):
        k = it['todo']
        c_out, c_err, c_verdict, c_code, c_reason, _, c_entry = c
        if c_entry == '?':
            figures['untabled'] += 1
            note('untabled', it, checker=(c_out.splitlines() or [''])[-1])
        program = it['program']
        try:
            compile(program, 'lesson1_exercise.py', 'exec')
            py_syntax = None
        except SyntaxError as e:
            py_syntax = e
        except (ValueError, MemoryError) as e:  # null bytes in the source
            py_syntax = SyntaxError(str(e))
        if py_syntax is not None:
            figures['py_syntax'] += 1
            if c_code != 'syntax':
                figures['invalid_run'] += 1
                note('invalid_run', it, python=error_line(py_syntax), checker=f'{c_verdict}: {c_code}: {c_reason}')
            else:
                figures['erroring'] += 1
                figures['type_equal'] += 1
                confirmed[c_entry] += c_entry == 'syntax'
            continue
        head = program[: program.index('\n' + it['experiment'])] + '\n'
        p_out, p_err = run_py(head, {'__name__': '__main__', '__builtins__': builtins})
        if p_err is not None:
            p_out += error_line(p_err) + '\n'
        verdict, why = judge(k, it, head)
        figures['py_correct'] += verdict == 'correct'
        figures['cpp_correct'] += c_verdict == 'correct'
        if c_verdict == 'unsupported':
            figures['unsupported'] += 1
            unsupported[c_reason.split(' (')[0]] += 1
            note('unsupported', it, python=verdict, checker=c_reason)
            continue
        if c_verdict == 'correct' and verdict != 'correct':
            figures['correct_but_wrong'] += 1
            note('correct_but_wrong', it, python=why or 'other numbers', checker=c_reason)
        if c_verdict == 'wrong' and verdict == 'correct':
            figures['valid_called_wrong'] += 1
            note('valid_called_wrong', it, checker=f'{c_code}: {c_reason}')
        if p_err is None and not c_err:
            if p_out != c_out:
                figures['silent_text_diff'] += 1
                note('silent_text_diff', it, python=p_out[-400:], checker=c_out[-400:])
            elif it['seed'] not in full_checked:
                # once per seed: the part after the attention call is the seed's alone
                full_checked.add(it['seed'])
                # the program's fixed tail: no alarm (its run time is the machine's, not the line's)
                f_out, f_err = run_py(program, {'__name__': '__main__', '__builtins__': builtins}, seconds=0)
                if f_err is not None or not f_out.startswith(p_out):
                    figures['silent_text_diff'] += 1
                    note('silent_text_diff', it, python='full program: ' + f_out[-300:], checker=c_out[-300:])
                figures['full_program_checked'] += 1
        elif c_err == 'unsupported':
            # the checker stopped running the program at a form it lacks: it claims no exception type
            figures['unsupported_output'] += 1
            note('unsupported_output', it, python=(p_out.splitlines() or [''])[-1] if p_err else '(no error)',
                 checker=(c_out.splitlines() or [''])[-1])
        else:
            figures['erroring'] += 1
            pt = error_type(p_err) if p_err is not None else ''
            agrees = pt == c_err and (p_out == c_out or c_err == 'SyntaxError')
            if c_entry:
                (confirmed if agrees else disputed)[c_entry] += 1
            if pt == c_err:
                figures['type_equal'] += 1
                if p_out == c_out:
                    figures['message_equal'] += 1
                else:
                    note('message_diff', it, python=p_out.splitlines()[-1], checker=c_out.splitlines()[-1])
            else:
                note('type_diff', it, python=(p_out.splitlines() or [''])[-1] if p_err else '(no error)',
                     checker=(c_out.splitlines() or [''])[-1] if c_err else '(no error)')

    figures['type_agreement_pct'] = round(100.0 * figures['type_equal'] / max(1, figures['erroring']), 2)
    gates = dict(correct_but_wrong=figures['correct_but_wrong'] == 0, valid_called_wrong=figures['valid_called_wrong'] == 0,
                 invalid_run=figures['invalid_run'] == 0, silent_text_diff=figures['silent_text_diff'] == 0,
                 exception_types=figures['type_agreement_pct'] >= 95.0)
    figures['unconfirmed'] = [e['code'] for e in table if e['scope'] == 'exercise' and not confirmed[e['code']]]
    figures['table_disputed'] = dict(disputed.most_common())
    gates['error_table'] = figures['untabled'] == 0 and not (args.require_table and figures['unconfirmed'])
    figures['gates_failed'] = [g for g, ok in gates.items() if not ok]
    figures['unsupported_top'] = dict(unsupported.most_common(12))
    if args.report:
        with open(args.report, 'w', encoding='utf-8') as f:
            json.dump(dict(figures=figures, examples=examples), f, ensure_ascii=False, indent=1)
    print(json.dumps(figures))
    return 1 if figures['gates_failed'] else 0


if __name__ == '__main__':
    sys.exit(main())
