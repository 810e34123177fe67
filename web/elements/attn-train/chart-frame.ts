// A loss chart's SVG frame from chartGeometry: the element's chart and the
// block page's ladder draw it. Nothing here imports the element's parsing or
// run registry, so the block page's first chunk stays small.
import type { ChartGeometry } from './chart';

const SVG = 'http://www.w3.org/2000/svg';

export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/** A loss chart's frame: grid lines and labels of both axes, the axes, and the step axis named `stepName`. */
export function chartAxes(g: ChartGeometry, stepName: string): SVGElement[] {
  const kids: SVGElement[] = [];
  for (const tk of g.yTicks) {
    kids.push(svg('line', { class: 'grid', x1: g.plot.x, x2: g.plot.x + g.plot.w, y1: tk.y, y2: tk.y }));
    const label = svg('text', { x: g.plot.x - 6, y: tk.y + 4, 'text-anchor': 'end' });
    label.textContent = tk.label;
    kids.push(label);
  }
  for (const tk of g.xTicks) {
    // the first label starts at the axis, one at the right edge ends there (at 360 px a
    // centred "3000" ran past the chart)
    const anchor = tk.value === 0 ? 'start' : tk.x >= g.plot.x + g.plot.w - 1 ? 'end' : 'middle';
    const label = svg('text', { x: tk.x, y: g.plot.y + g.plot.h + 16, 'text-anchor': anchor });
    label.textContent = tk.label;
    kids.push(label);
  }
  kids.push(svg('line', { class: 'axis', x1: g.plot.x, x2: g.plot.x, y1: g.plot.y, y2: g.plot.y + g.plot.h }));
  kids.push(svg('line', { class: 'axis', x1: g.plot.x, x2: g.plot.x + g.plot.w, y1: g.plot.y + g.plot.h, y2: g.plot.y + g.plot.h }));
  const axisX = svg('text', { x: g.plot.x + g.plot.w, y: g.plot.y + g.plot.h + 32, 'text-anchor': 'end' });
  axisX.textContent = stepName;
  kids.push(axisX);
  return kids;
}
