// Drawing the timeline chart in SVG: elements whose strings are text nodes,
// never markup (user text enters the chart only so), tooltips, and the axis's
// short times.

import { shown } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { visibleText } from '../shared/visible.js';

const SVG = 'http://www.w3.org/2000/svg';

/** svg creates an SVG element; strings among children become text nodes, never markup. */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value == null) continue;
    if (name === 'dataset') Object.assign(el.dataset, value);
    else el.setAttribute(name, String(value));
  }
  el.append(...children.flat().filter((c) => c != null).flatMap((c) => (typeof c === 'string' ? shown(c, tspan) : [c])));
  return el;
}

/** tspan draws a mark of a string drawn visibly (dom.js's shown) in SVG. */
const tspan = (mark) => svg('tspan', { class: 'invisible-char' }, mark.text);

/** title is an SVG tooltip: the sentence a pointer shows over a mark. */
export function title(text) {
  return svg('title', {}, visibleText(text));
}

/** shortTime labels an axis tick in the page's language: "90 s", "15 min", "2 h", "3 d" in English. */
export function shortTime(time) {
  if (time === 0) return '0';
  if (time < 60 || time % 60 !== 0) return t('timeline.unit.s', { count: time });
  if (time < 3600 || time % 3600 !== 0) return t('timeline.unit.min', { count: time / 60 });
  if (time < 86400 || time % 86400 !== 0) return t('timeline.unit.h', { count: time / 3600 });
  return t('timeline.unit.d', { count: time / 86400 });
}
