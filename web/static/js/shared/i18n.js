// The page's own words are data: one catalog per language,
// web/static/i18n/<lang>.json, an id to a sentence with {name} placeholders.
// English is bundled, so every id has a sentence before anything loads and
// when another catalog lacks one; the page fetches the chosen language's
// catalog only. index.html keeps its English for the first paint and names
// each text's id in data-i18n attributes, filled once the catalog is here.

import en from '../../i18n/en.json' with { type: 'json' };
import { DEFAULT_LANGUAGE, LANGUAGES } from './language.js';

let catalog = en;
let current = DEFAULT_LANGUAGE;

/** t is the sentence id in the page's language, its {name} placeholders filled from args. */
export function t(id, args = {}) {
  return fill(Object.hasOwn(catalog, id) ? catalog[id] : Object.hasOwn(en, id) ? en[id] : id, args);
}

/** fill is template with its {name} placeholders replaced by args' values; a name args lacks stays as written. */
export function fill(template, args = {}) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(args, name) ? String(args[name]) : whole));
}

/**
 * tn is t for a sentence about count things: id.one or id.other as the
 * language's plural rules pick (Japanese and Chinese have one form), with
 * {count} filled with count, or with args.count (count as written, such as
 * "5,000").
 */
export function tn(id, count, args = {}) {
  const form = new Intl.PluralRules(LANGUAGES[current].tag).select(count) === 'one' ? 'one' : 'other';
  return t(`${id}.${form}`, { count, ...args });
}

/** language is the page's language code (en, pt-br, ja or zh-cn). */
export function language() {
  return current;
}

/**
 * loadTexts fetches the build's texts of the gallery's examples or the
 * workshop's exercises (kind) in the page's language,
 * i18n/<kind>-<lang>.json, {slug: texts}: {} in English, or when they do
 * not arrive, and the English texts stay.
 */
export async function loadTexts(kind) {
  if (current === DEFAULT_LANGUAGE) return {};
  try {
    const response = await fetch(new URL(`i18n/${kind}-${current}.json`, document.baseURI));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return await response.json();
  } catch (error) {
    console.warn(`taint-playground: the ${kind}' ${current} texts did not load (${error.message}); they stay in English`);
    return {};
  }
}

/**
 * useLanguage loads code's catalog and makes it the one t reads. A catalog
 * that does not arrive leaves the page in English, and says so in the console.
 */
export async function useLanguage(code) {
  if (!Object.hasOwn(LANGUAGES, code) || code === DEFAULT_LANGUAGE) return;
  try {
    const response = await fetch(new URL(`i18n/${code}.json`, document.baseURI));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    catalog = await response.json();
    current = code;
  } catch (error) {
    console.warn(`taint-playground: the ${code} catalog did not load (${error.message}); the page stays in English`);
  }
}

/** ATTRIBUTES maps a data-i18n-* attribute to the attribute of the element it fills. */
const ATTRIBUTES = {
  'data-i18n-aria-label': 'aria-label',
  'data-i18n-title': 'title',
  'data-i18n-placeholder': 'placeholder',
  'data-i18n-content': 'content',
};

/**
 * fillText makes text element's only content, as text nodes: a part between
 * backticks becomes a <code> element, as the catalogs write code.
 */
export function fillText(element, text) {
  element.replaceChildren(
    ...text.split('`').map((part, i) => {
      if (i % 2 === 0) return document.createTextNode(part);
      const code = document.createElement('code');
      code.textContent = part;
      return code;
    }),
  );
}

/**
 * translateDocument fills root's texts from the catalog: data-i18n names the
 * id of an element's text (its only content: text and code, no other markup),
 * the other data-i18n-* attributes the id of one of its attributes.
 */
export function translateDocument(root = document) {
  document.documentElement.lang = LANGUAGES[current].tag;
  if (current === DEFAULT_LANGUAGE) return;
  for (const element of root.querySelectorAll('[data-i18n]')) fillText(element, t(element.dataset.i18n));
  for (const [source, target] of Object.entries(ATTRIBUTES)) {
    for (const element of root.querySelectorAll(`[${source}]`)) element.setAttribute(target, t(element.getAttribute(source)));
  }
  document.title = t('page.title');
}
