// The DOM of an <attn-heatmap>: its status line, message box, note and body
// (the controls, the panels, the legend, the readouts and the copy row). The
// element builds it at its first render (or the first call that needs it),
// not in its constructor: the page defines the element in one task, and every
// <attn-heatmap> on the page is constructed in it.
import { MessageBox, h } from '../../shared/element';
import type { SnippetControl } from '../../shared/snippet-control';
import { DEFAULTS } from './parse';
import { ReadoutView } from './readout-view';
import { Panel } from './panel';

export class HeatmapView {
  readonly status = h('p', { class: 'status', part: 'status', role: 'status' });
  readonly message = new MessageBox();
  // Not an error (the picture is right, only names are missing or unused): a quiet note for the author.
  readonly labelsNote = h('p', { class: 'note', part: 'labels-note', hidden: true });
  readonly dkLabel = h('label', { for: 'dk' });
  readonly slider = h('input', { type: 'range', id: 'dk', part: 'slider', min: '1', max: String(DEFAULTS.dkMax), step: '1' });
  readonly dkOut = h('output', { class: 'dkvalue', for: 'dk', part: 'dk-value' });
  readonly log = h('input', { type: 'checkbox', id: 'log' });
  readonly logLabel = h('span');
  readonly scaleLabel = h('label', { for: 'scale' });
  readonly scale = h('select', { id: 'scale', part: 'select', 'aria-describedby': 'scale-note' });
  // In compare mode the panels are fixed (unscaled, and divided by √d_k): the menu is off and says why.
  readonly scaleNote = h('p', { class: 'note', id: 'scale-note', part: 'scale-note', hidden: true });
  readonly causal = h('input', { type: 'checkbox', id: 'causal' });
  readonly causalLabel = h('span');
  readonly compare = h('input', { type: 'checkbox', id: 'compare' });
  readonly compareLabel = h('span');
  readonly reading = h('p', { class: 'reading' });
  readonly panels = [new Panel(0), new Panel(1)];
  readonly panelBox = h('div', { class: 'panels', part: 'panels' });
  readonly legendTitle = h('span');
  readonly legendMasked = h('span');
  readonly info = h('p', { class: 'info', part: 'cell-info', 'aria-live': 'polite' });
  readonly readouts = new ReadoutView();
  readonly summary = h('summary');
  readonly snippet = h('pre', { part: 'snippet' });
  readonly body = h('div', { class: 'body', role: 'group' });


  constructor(copy: SnippetControl) {
    const opts = (['sqrt', 'none', 'dk'] as const).map((s) => h('option', { value: s }));
    this.scale.append(...opts);
    this.panelBox.append(this.panels[0].el, this.panels[1].el);
    this.body.append(
      h('div', { class: 'controls', part: 'controls' },
        h('div', { class: 'field dkfield' }, this.dkLabel, this.slider, this.dkOut,
          h('label', { class: 'check' }, this.log, this.logLabel)),
        h('div', { class: 'field' }, this.scaleLabel, this.scale),
        h('label', { class: 'check' }, this.causal, this.causalLabel),
        h('label', { class: 'check' }, this.compare, this.compareLabel)),
      this.scaleNote,
      this.reading,
      this.panelBox,
      h('div', { class: 'legend', part: 'legend' },
        h('span', { class: 'ramp' }, this.legendTitle, h('span', {}, '0'), h('span', { class: 'bar', 'aria-hidden': 'true' }), h('span', {}, '1')),
        h('span', { class: 'ramp' }, h('span', { class: 'swatch', 'aria-hidden': 'true' }), this.legendMasked)),
      this.info,
      h('div', { class: 'readouts', part: 'readouts' },
        this.readouts.single,
        this.readouts.compared),
      h('div', { class: 'copy-row' }, copy.copyButton, copy.status),
      copy.fallback,
      h('details', {}, this.summary, this.snippet),
    );
    this.body.hidden = true;
  }
}
