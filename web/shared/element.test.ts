// @vitest-environment happy-dom
// The attribute table and the engine hook every element shares (AttnElement):
// observedAttributes, properties and parsing follow the class's table; the
// engine comes from the class's `static engine`.
import { describe, expect, it } from 'vitest';
import { AttnElement, define } from './element';
import { NUMPY_SEED_LIMIT, choice, flag, int, list, seed, text, type ParseError, type Schema } from './parse';

interface State {
  size: number;
  seed: string;
  mode: 'a' | 'b';
  logScale: boolean;
  names: string[];
  note: string | null;
}

const SCHEMA: Schema<State> = {
  attrs: {
    size: int('size', 1, 10, 4),
    seed: seed('seed', NUMPY_SEED_LIMIT, '0'),
    mode: choice('mode', ['a', 'b'] as const, 'a'),
    logScale: flag('log-scale'),
    names: list('names', (raw) => raw.split('|'), [], { join: '|' }),
    note: text('note', null, { prop: 'nullable' }),
  },
  observe: ['legacy'],
};

interface TableEl {
  size: number;
  seed: string;
  mode: 'a' | 'b';
  logScale: boolean;
  names: string[] | string | null;
  note: string | null;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
class TableEl extends AttnElement<State> {
  static override attributes = SCHEMA;
  static override engine: () => Promise<string> = () => Promise.resolve('the engine');
  readonly engineLoad = this.engineSlot<string>();
  renders = 0;
  constructor() { super(''); }
  protected render(): void { this.renders++; }
  read() { return this.readAttributes(); }
  key(...keys: (keyof State)[]) { return this.changeKey(...keys); }
}
define('test-table-el', TableEl);

const make = () => document.createElement('test-table-el') as TableEl;

describe('AttnElement: the attribute table', () => {
  it('observes the table\'s attributes, those its rules read, and lang', () => {
    expect(TableEl.observedAttributes).toEqual(['size', 'seed', 'mode', 'log-scale', 'names', 'note', 'legacy', 'lang']);
    expect(AttnElement.observedAttributes).toEqual(['lang']);
  });

  it('defines a property per entry, named in camelCase, reading the parsed value and writing the attribute', () => {
    const el = make();
    expect(el.size).toBe(4);
    expect(el.logScale).toBe(false);
    el.size = 7;
    expect(el.getAttribute('size')).toBe('7');
    expect(el.size).toBe(7);
    el.logScale = true;
    expect(el.hasAttribute('log-scale')).toBe(true);
    el.logScale = false;
    expect(el.hasAttribute('log-scale')).toBe(false);
    el.setAttribute('mode', ' B ');
    expect(el.mode).toBe('b');
    el.names = ['x', 'y'];
    expect(el.getAttribute('names')).toBe('x|y');
    expect(el.names).toEqual(['x', 'y']);
    el.names = null;
    expect(el.hasAttribute('names')).toBe(false);
    expect(el.note).toBeNull();
    el.note = 'hi';
    expect(el.note).toBe('hi');
    el.note = null;
    expect(el.hasAttribute('note')).toBe(false);
  });

  it('a bad value keeps the last valid one and yields an error naming the attribute', () => {
    const el = make();
    el.setAttribute('size', '9');
    el.setAttribute('seed', '12');
    expect(el.read()).toEqual({ state: expect.objectContaining({ size: 9, seed: '12' }), errors: [] });
    el.setAttribute('size', '11');
    el.setAttribute('seed', '-1');
    const { state, errors } = el.read();
    expect(state.size).toBe(9);
    expect(state.seed).toBe('12');
    expect(errors).toEqual<ParseError[]>([{ attr: 'size', got: '11' }, { attr: 'seed', got: '-1' }]);
    expect(el.size).toBe(9);
    el.removeAttribute('size');
    expect(el.size).toBe(4);
    expect(el.read().errors).toEqual([{ attr: 'seed', got: '-1' }]);
  });

  it('change keys follow the parsed state', () => {
    const el = make();
    el.read();
    const before = el.key('size', 'mode');
    el.setAttribute('seed', '3');
    el.read();
    expect(el.key('size', 'mode')).toBe(before);
    el.setAttribute('size', 'nope');
    el.read();
    expect(el.key('size', 'mode')).toBe(before);
    el.setAttribute('mode', 'b');
    el.read();
    expect(el.key('size', 'mode')).not.toBe(before);
  });

  it('loads the engine the class names, which a test may replace', async () => {
    expect(await make().engineLoad.load()).toBe('the engine');
    const saved = TableEl.engine;
    TableEl.engine = () => Promise.resolve('a stand-in');
    try {
      expect(await make().engineLoad.load()).toBe('a stand-in');
    } finally {
      TableEl.engine = saved;
    }
  });
});
