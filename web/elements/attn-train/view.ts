// The element's controls and panels: built once, laid out, and named in the
// element's language. The element owns what they show during a run.
import { h } from '../../shared/element';
import { LossChart } from './chart-view';
import { LIMITS, MODELS, SIZE_SETTINGS, attrOf, formatLr, isBlockModel, type ModelName, type SizeKey, type TrainAttr, type TrainState } from './parse';
import type { Strings } from './i18n';

/** A decimal size field's step (dropout's). */
const DECIMAL_STEP = 0.05;

export class TrainView {
  readonly modelLabel = h('label', { for: 'model' });
  readonly model = h('select', { id: 'model', part: 'select' });
  readonly seedLabel = h('label', { for: 'seed' });
  readonly seed = h('input', { id: 'seed', type: 'text', inputmode: 'numeric', autocomplete: 'off', spellcheck: 'false' });
  readonly itersLabel = h('label', { for: 'iters' });
  readonly iters = h('input', { id: 'iters', type: 'number', min: String(LIMITS.iters[0]), max: String(LIMITS.iters[1]), step: '1' });
  readonly lrLabel = h('label', { for: 'lr' });
  readonly lr = h('input', { id: 'lr', type: 'text', inputmode: 'decimal', autocomplete: 'off', spellcheck: 'false' });
  /** The block models' sizes, one field per setting of the table's size group, named as the PyTorch script names them. */
  readonly sizesLegend = h('legend');
  readonly sizes = SIZE_SETTINGS.map((r) => {
    const attr = attrOf(r.name), key: SizeKey = r.name;
    const input = r.kind === 'int'
      ? h('input', { id: attr, type: 'number', min: String(r.elementMin), max: String(r.elementMax), step: '1' })
      : h('input', { id: attr, type: 'number', min: String(r.elementMin), max: String(r.elementMax - DECIMAL_STEP), step: String(DECIMAL_STEP), inputmode: 'decimal' });
    return { attr, key, models: r.models, input, field: h('div', { class: 'field' }, h('label', { for: attr }, h('code', {}, r.script)), input) };
  });
  readonly sizesBox = h('fieldset', { part: 'sizes' }, this.sizesLegend, h('div', { class: 'controls' }, ...this.sizes.map((f) => f.field)));
  readonly sourceLegend = h('legend');
  readonly srcShake = h('input', { type: 'radio', name: 'source', id: 'src-shakespeare', value: 'shakespeare' });
  readonly srcShakeLabel = h('label', { for: 'src-shakespeare' });
  readonly srcOwn = h('input', { type: 'radio', name: 'source', id: 'src-own', value: 'own' });
  readonly srcOwnLabel = h('label', { for: 'src-own' });
  readonly ownTextLabel = h('label', { for: 'own-text' });
  readonly ownText = h('textarea', { id: 'own-text', part: 'own-text', spellcheck: 'false' });
  readonly ownFileLabel = h('label', { for: 'own-file' });
  readonly ownFile = h('input', { id: 'own-file', type: 'file', accept: '.txt,text/plain' });
  readonly ownHint = h('p', { class: 'hint', id: 'own-hint' });
  readonly own = h('div', { class: 'own' });
  readonly start = h('button', { type: 'button', class: 'primary', part: 'start-button' });
  readonly pause = h('button', { type: 'button', part: 'pause-button' });
  readonly stop = h('button', { type: 'button', part: 'stop-button' });
  readonly reset = h('button', { type: 'button', part: 'reset-button' });
  readonly status = h('p', { class: 'status', part: 'status', role: 'status' });
  readonly progress = h('progress', { part: 'progress', max: '1', value: '0' });
  readonly rate = h('p', { class: 'rate', part: 'rate' });
  readonly chartTitle = h('h3', { id: 'chart-title' });
  readonly chart = new LossChart();
  readonly logTitle = h('h3', { id: 'log-title' });
  readonly log = h('pre', { class: 'log', part: 'log', role: 'log', tabindex: '0', 'aria-labelledby': 'log-title' });
  readonly sampleTitle = h('h3', { id: 'sample-title' });
  readonly sampleCaption = h('p', { class: 'hint', part: 'sample-caption' });
  readonly sampleOut = h('pre', { class: 'sample', part: 'sample', tabindex: '0', 'aria-labelledby': 'sample-title' });
  readonly body = h('div', { role: 'group' });

  /** Lays the parts out in `body`, with the panels (`pytorch`, `attention`, `generation`) in their places. */
  constructor(pytorch: HTMLElement, attention: HTMLElement, generation: HTMLElement) {
    this.model.append(...MODELS.map((m) => h('option', { value: m })));
    this.own.append(
      h('div', { class: 'field' }, this.ownTextLabel, this.ownText),
      h('div', { class: 'field' }, this.ownFileLabel, this.ownFile),
      this.ownHint);
    this.ownText.setAttribute('aria-describedby', 'own-hint');
    this.body.append(
      h('div', { class: 'controls', part: 'controls' },
        h('div', { class: 'field' }, this.modelLabel, this.model),
        h('div', { class: 'field' }, this.seedLabel, this.seed),
        h('div', { class: 'field' }, this.itersLabel, this.iters),
        h('div', { class: 'field' }, this.lrLabel, this.lr)),
      this.sizesBox,
      h('fieldset', { part: 'source' }, this.sourceLegend,
        h('span', { class: 'choice' }, this.srcShake, this.srcShakeLabel),
        h('span', { class: 'choice' }, this.srcOwn, this.srcOwnLabel),
        this.own),
      h('div', { class: 'buttons', part: 'buttons' }, this.start, this.pause, this.stop, this.reset),
      this.status, this.progress, this.rate,
      h('div', { class: 'panels' },
        h('figure', { 'aria-labelledby': 'chart-title' }, this.chartTitle, this.chart.svg, this.chart.keys),
        h('div', {}, this.logTitle, this.log)),
      pytorch,
      h('section', { 'aria-labelledby': 'sample-title' }, this.sampleTitle, this.sampleCaption, this.sampleOut),
      attention,
      generation,
    );
  }

  /**
   * Shows the settings `s` and the source (`own`: the learner's text) in the
   * controls, but for the field being edited (`focused`); `busy`: a run is
   * under way, and they cannot change.
   */
  showSettings(s: TrainState, own: boolean, busy: boolean, focused: Element | null): void {
    this.model.value = s.model;
    if (focused !== this.seed) this.seed.value = s.seed;
    if (focused !== this.iters) this.iters.value = String(s.iters);
    if (focused !== this.lr) this.lr.value = formatLr(s.lr);
    for (const el of [this.model, this.seed, this.iters, this.lr, this.srcShake, this.srcOwn, this.ownText, this.ownFile]) el.disabled = busy;
    // A block model's sizes: the fields of the settings it reads.
    this.sizesBox.hidden = !isBlockModel(s.model);
    for (const f of this.sizes) {
      f.field.hidden = !f.models.includes(s.model);
      if (focused !== f.input) f.input.value = String(s[f.key]);
      f.input.disabled = busy;
    }
    this.srcShake.checked = !own;
    this.srcOwn.checked = own;
    this.own.hidden = !own;
  }

  /** Names the parts in `t`'s language (`block`: the model's context length). */
  applyStrings(t: Strings, block: number, hasSample: boolean): void {
    this.modelLabel.textContent = t.model;
    for (const o of Array.from(this.model.options)) o.textContent = t.modelOption[o.value as ModelName];
    this.seedLabel.textContent = t.seed;
    this.itersLabel.textContent = t.iters;
    this.lrLabel.textContent = t.lr;
    this.sizesLegend.textContent = t.sizes;
    this.sourceLegend.textContent = t.source;
    this.srcShakeLabel.textContent = t.sourceShakespeare;
    this.srcOwnLabel.textContent = t.sourceOwn;
    this.ownTextLabel.textContent = t.ownText;
    this.ownFileLabel.textContent = t.ownFile;
    this.ownHint.textContent = t.ownHint(block + 1);
    this.start.textContent = t.start;
    this.stop.textContent = t.stop;
    this.reset.textContent = t.reset;
    this.progress.setAttribute('aria-label', t.progressLabel);
    this.chartTitle.textContent = t.chartTitle;
    this.logTitle.textContent = t.logTitle;
    this.sampleTitle.textContent = t.sampleTitle;
    if (!hasSample) this.sampleOut.textContent = t.sampleNone;
    this.body.setAttribute('aria-label', t.title);
  }

  /** Calls `fn` with an attribute and the value its control now holds, whenever the learner changes one. */
  onControlChange(fn: (attr: TrainAttr, value: string) => void): void {
    for (const a of ['model', 'seed', 'iters', 'lr'] as const) this[a].addEventListener('change', () => fn(a, this[a].value));
    for (const f of this.sizes) f.input.addEventListener('change', () => fn(f.attr, f.input.value));
  }
}
