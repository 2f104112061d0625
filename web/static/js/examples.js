// The gallery: the scenarios of examples/, which the build writes to
// examples.json in gallery order (group by group). Each carries the editors'
// text, its settings, and clock events for the countdown.

import { h } from './dom.js';

/** loadExamples fetches the scenarios the build provides. */
export async function loadExamples() {
  const response = await fetch('examples.json');
  if (!response.ok) throw new Error(`examples.json: HTTP ${response.status}`);
  return response.json();
}

/** galleryOptions returns one <optgroup> per group, its scenarios as options valued by slug. */
export function galleryOptions(scenarios) {
  const groups = new Map();
  for (const scenario of scenarios) {
    if (!groups.has(scenario.group)) groups.set(scenario.group, []);
    groups.get(scenario.group).push(scenario);
  }
  return [...groups].map(([group, members]) => h('optgroup', { label: group[0].toUpperCase() + group.slice(1) },
    members.map((scenario) => h('option', { value: scenario.slug }, scenario.title))));
}
