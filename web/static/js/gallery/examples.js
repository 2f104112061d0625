// The gallery: the scenarios of examples/, which the build writes to
// examples.json in gallery order (group by group). Each carries the editors'
// text, its settings, and clock events for the countdown. A scenario is also
// addressable by link, ?example=<slug>, so a docs page can embed one by name.

import { addressWith, param } from '../shared/address.js';
import { askedLanguage } from '../shared/language-picker.js';
import { LANGUAGE_PARAM } from '../shared/language.js';
import { loadTexts, t } from '../shared/i18n.js';

/** EXAMPLE_PARAM names a scenario in the page's address: ?example=<slug>. */
export const EXAMPLE_PARAM = 'example';

/**
 * inPageLanguage is a scenario as the page shows it: its texts (texts, from
 * loadTexts), its group and its tags in the page's language (the catalogs'
 * gallery.group.* and gallery.tag.*), so that the list, the chips and the
 * search all read them.
 */
function inPageLanguage(scenario, texts) {
  return {
    ...scenario,
    ...texts,
    group: t(`gallery.group.${scenario.group}`),
    tags: scenario.tags.map((tag) => t(`gallery.tag.${tag}`)),
  };
}

/** loadExamples fetches the scenarios the build provides, in the page's language. */
export async function loadExamples() {
  const [response, texts] = await Promise.all([fetch('examples.json'), loadTexts('examples')]);
  if (!response.ok) throw new Error(`examples.json: HTTP ${response.status}`);
  return (await response.json()).map((scenario) => inPageLanguage(scenario, texts[scenario.slug]));
}

/** searchWords are a query's words, lower-case, as matchingExamples reads them. */
export function searchWords(query) {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * matchingExamples keeps the scenarios that carry every tag of tags and
 * contain every word of query, in any case, in their title, summary,
 * explanation, group or tags; gallery order is kept.
 */
export function matchingExamples(scenarios, query, tags = []) {
  const words = searchWords(query);
  return scenarios.filter((scenario) => {
    if (!tags.every((tag) => scenario.tags.includes(tag))) return false;
    const text = [scenario.title, scenario.summary, scenario.explanation, scenario.group, ...scenario.tags].join('\n').toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** linkedExample is the slug the page's address names, or ''. */
export function linkedExample() {
  return param(EXAMPLE_PARAM) || '';
}

/** exampleEmbedURL is the link that embeds the scenario slug by name, in embed mode. */
export function exampleEmbedURL(slug) {
  const url = new URL(window.location.href);
  const lang = askedLanguage();
  url.search = `?embed&${EXAMPLE_PARAM}=${encodeURIComponent(slug)}${lang ? `&${LANGUAGE_PARAM}=${lang}` : ''}`;
  url.hash = '';
  return url.href;
}

/**
 * exampleAddress is the page's address naming slug (none for ''), the rest
 * of the query, such as embed, kept and the fragment dropped.
 */
export function exampleAddress(slug) {
  return addressWith(EXAMPLE_PARAM, slug, { hash: '' });
}
