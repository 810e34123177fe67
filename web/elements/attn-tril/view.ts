// The DOM of an <attn-tril>: its status line, message box and body, with every
// part's section (the three ways, the one-head demo, the temperature and the
// permutation). The element builds it at its first render (or the first call
// that needs it), not in its constructor: the page defines the element in one
// task, and every <attn-tril> on the page is constructed in it.
import { MessageBox, h } from '../../shared/element';
import type { SnippetControl } from '../../shared/snippet-control';
import { M_MAX, M_MIN } from './parse';
import { T, WeightTable, numberTable } from './tables';

export class TrilView {
  readonly status = h('p', { class: 'status', part: 'status', role: 'status' });
  readonly message = new MessageBox();
  readonly body = h('div', { class: 'body', role: 'group' });
  // view switch
  readonly viewBox = h('fieldset', { class: 'view', part: 'view' });
  readonly viewLegend = h('legend');
  readonly viewAvg = h('input', { type: 'radio', name: 'view', value: 'average', id: 'view-average' });
  readonly viewAtt = h('input', { type: 'radio', name: 'view', value: 'attention', id: 'view-attention' });
  readonly viewAvgLabel = h('label', { for: 'view-average' });
  readonly viewAttLabel = h('label', { for: 'view-attention' });
  readonly bLabel = h('label', { for: 'b' });
  readonly bSelect = h('select', { id: 'b', part: 'select' });
  // three ways
  readonly threeSec = h('section', { part: 'three' });
  readonly xCaption = h('caption');
  readonly x = numberTable(this.xCaption, ['c0', 'c1'], T);
  readonly stepLabel = h('label', { for: 'step' });
  readonly step = h('input', { type: 'range', id: 'step', min: '0', max: '7', step: '1', part: 'slider' });
  readonly stepOut = h('output', { for: 'step' });
  readonly stepReading = h('p', { class: 'reading', 'aria-live': 'polite' });
  readonly weiLoop = new WeightTable();
  readonly weiTril = new WeightTable();
  readonly weiSoftmax = new WeightTable();
  readonly xbowCaption = h('caption');
  readonly xbow = numberTable(this.xbowCaption, ['① c0', '① c1', '② c0', '② c1', '③ c0', '③ c1'], T);
  readonly maxDiff = h('p', { class: 'verdict', part: 'max-diff' });
  readonly allclose = h('p', { class: 'verdict', part: 'allclose' });
  readonly allcloseWhy = h('p', { class: 'reading' });
  // head
  readonly headSec = h('section', { part: 'head' });
  readonly mask = h('input', { type: 'checkbox', id: 'mask' });
  readonly maskLabel = h('span');
  readonly scale = h('input', { type: 'checkbox', id: 'scale' });
  readonly scaleLabel = h('span');
  readonly encdec = h('p', { class: 'reading' });
  readonly weiHead = new WeightTable();
  readonly vars = h('p', { part: 'variances' });
  readonly unitVars = h('p', { part: 'unit-variances' });
  // temperature
  readonly tempSec = h('section', { part: 'temperature' });
  readonly tempTitle = h('h3');
  readonly tempLabel = h('label', { for: 'm' });
  readonly temp = h('input', { type: 'range', id: 'm', min: String(M_MIN), max: String(M_MAX), step: '1', part: 'slider' });
  readonly tempOut = h('output', { for: 'm' });
  readonly bars = h('div', { class: 'bars', role: 'list' });
  readonly tempReading = h('p', { class: 'reading', 'aria-live': 'polite' });
  // permutation
  readonly permSec = h('section', { part: 'permutation' });
  readonly permTitle = h('h3');
  readonly permOrder = h('p', { 'aria-live': 'polite' });
  readonly permBtns = {
    reverse: h('button', { type: 'button' }),
    rotate: h('button', { type: 'button' }),
    swap: h('button', { type: 'button' }),
    reset: h('button', { type: 'button' }),
  };
  readonly positions = h('input', { type: 'checkbox', id: 'positions' });
  readonly positionsLabel = h('span');
  readonly permVerdict = h('p', { class: 'verdict', part: 'perm-verdict', 'aria-live': 'polite' });
  readonly permCaption = h('caption');
  readonly permTable = numberTable(this.permCaption, ['', ''], T);
  // copy
  readonly summary = h('summary');
  readonly snippet = h('pre', { part: 'snippet' });

  constructor(copy: SnippetControl) {
    for (let b = 0; b < 4; b++) this.bSelect.append(h('option', { value: String(b) }, String(b)));
    this.viewBox.append(this.viewLegend, h('span', { class: 'check' }, this.viewAvg, this.viewAvgLabel), ' ',
      h('span', { class: 'check' }, this.viewAtt, this.viewAttLabel));
    this.threeSec.append(
      h('div', { class: 'controls' }, h('div', { class: 'field' }, this.stepLabel, this.step, this.stepOut)),
      this.stepReading,
      h('div', { class: 'grids' }, h('div', { class: 'scroll' }, this.x.table), h('div', { class: 'scroll' }, this.xbow.table)),
      h('div', { class: 'grids' }, h('div', { class: 'scroll' }, this.weiLoop.table), h('div', { class: 'scroll' }, this.weiTril.table),
        h('div', { class: 'scroll' }, this.weiSoftmax.table)),
      this.maxDiff, this.allclose, this.allcloseWhy);
    this.headSec.append(
      h('div', { class: 'controls' }, h('label', { class: 'check' }, this.mask, this.maskLabel),
        h('label', { class: 'check' }, this.scale, this.scaleLabel)),
      this.encdec, h('div', { class: 'scroll' }, this.weiHead.table), this.vars, this.unitVars);
    this.tempSec.append(this.tempTitle,
      h('div', { class: 'controls' }, h('div', { class: 'field' }, this.tempLabel, this.temp, this.tempOut)),
      this.bars, this.tempReading);
    const pb = this.permBtns;
    this.permSec.append(this.permTitle,
      h('div', { class: 'controls' }, pb.reverse, pb.rotate, pb.swap, pb.reset,
        h('label', { class: 'check' }, this.positions, this.positionsLabel)),
      this.permOrder, this.permVerdict, h('div', { class: 'scroll' }, this.permTable.table));
    this.body.append(
      h('div', { class: 'controls' }, this.viewBox, h('div', { class: 'field' }, this.bLabel, this.bSelect)),
      this.threeSec, this.headSec, this.tempSec, this.permSec,
      h('div', { class: 'copy-row' }, copy.copyButton, copy.status),
      copy.fallback,
      h('details', {}, this.summary, this.snippet));
    this.body.hidden = true;
  }
}
