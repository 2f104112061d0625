// The engine explains its verdicts in English sentences; beside each such
// field x of its answers it may give xMessage, {id, args, parts}, the same
// sentence as data (parts are the sentences inside it, messages too), which
// the engine's catalog of the page's language renders (engine/message/catalog,
// copied by mkdist to i18n/engine-<lang>.json).
// Without a message, or without that catalog, the English sentence is shown
// and marked lang="en", so that a reader's screen reader says it in English.
// The API server's and the scheduler's own messages are never rendered here:
// they stay verbatim, as the real components print them.

import { language } from './i18n.js';
import { DEFAULT_LANGUAGE } from './language.js';

let messages = null;
let english = null;

/** useEngineLanguage loads the engine's catalog of code; without it the engine's English is shown. */
export async function useEngineLanguage(code) {
  if (code === DEFAULT_LANGUAGE) return;
  try {
    const response = await fetch(new URL(`i18n/engine-${code}.json`, document.baseURI));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    messages = await response.json();
  } catch (error) {
    console.warn(`taint-playground: the engine's ${code} catalog did not load (${error.message}); its explanations stay in English`);
  }
}

/**
 * useMessagesOf loads the engine's English catalog (i18n/engine-en.json)
 * when report holds answers that are messages only (device verdicts, rule
 * statuses), which
 * need it on any page: on an English page to be said at all, on another for
 * the ids its language lacks. Node-only reports never ask for it. Every
 * drawing of a report awaits it first.
 */
export async function useMessagesOf(report) {
  if (!(report.devices || report.deviceRules) || english) return;
  try {
    const response = await fetch(new URL('i18n/engine-en.json', document.baseURI));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    english = await response.json();
  } catch (error) {
    console.warn(`taint-playground: the engine's English catalog did not load (${error.message}); device verdicts show their message ids`);
  }
}

/**
 * said is a message-only explanation ({id, args}) in the page's language,
 * {text, lang} as explanation() gives: the English sentence marked lang="en"
 * when the page's catalog lacks the id, the id itself when no catalog has it.
 */
export function said(message) {
  if (messages && known(message, messages)) return { text: render(message, messages), lang: '' };
  const lang = language() === DEFAULT_LANGUAGE ? '' : 'en';
  if (english && known(message, english)) return { text: render(message, english), lang };
  return { text: message.id, lang };
}

/**
 * explanation is the sentence of field in answer, in the page's language:
 * {text, lang}, where lang is 'en' when the text is the English fallback on
 * a page in another language, else ''.
 */
export function explanation(answer, field) {
  const message = answer[`${field}Message`];
  if (messages && message && known(message, messages)) {
    return { text: render(message, messages), lang: '' };
  }
  return { text: answer[field] || '', lang: language() === DEFAULT_LANGUAGE ? '' : 'en' };
}

/** known is whether catalog has message's sentence and each of its parts'. */
function known(message, catalog) {
  return Object.hasOwn(catalog, message.id) && Object.values(message.parts || {}).every((part) => known(part, catalog));
}

/**
 * render is message in catalog's language: its parts are sentences the
 * catalog renders too; a {name|lower} part starts in lower case, as
 * message.Catalog.Render writes it.
 */
function render(message, catalog) {
  const args = message.args || {};
  const parts = message.parts || {};
  return catalog[message.id].replace(/\{(\w+)(\|lower)?\}/g, (whole, name, lower) => {
    if (Object.hasOwn(args, name)) return String(args[name]);
    if (!Object.hasOwn(parts, name)) return whole;
    const sentence = render(parts[name], catalog);
    return lower && /^[A-Z]/.test(sentence) ? sentence[0].toLowerCase() + sentence.slice(1) : sentence;
  });
}

/** langOf is the attributes that mark an explanation's language when it is not the page's. */
export function langOf(said) {
  return said.lang ? { lang: said.lang } : {};
}

/**
 * untranslated is the attributes of an element holding text the catalogs do
 * not translate yet (an editor's own diagnostic messages): lang="en" on a
 * page in another language.
 */
export function untranslated() {
  return language() === DEFAULT_LANGUAGE ? {} : { lang: 'en' };
}

/** setExplained makes element say the explanation of field in answer, marked with its language. */
export function setExplained(element, answer, field) {
  const said = explanation(answer, field);
  element.textContent = said.text;
  if (said.lang) element.lang = said.lang;
  else element.removeAttribute('lang');
}
