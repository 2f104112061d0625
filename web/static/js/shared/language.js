// The page speaks English, Brazilian Portuguese, Japanese and Simplified
// Chinese. Which one: ?lang= on the address wins (docs sites and share links
// pass it); then, on the full page, the reader's choice in the header's
// selector; then the browser's languages; English when none of them is ours.
// An embed follows ?lang only: it never reads the reader's stored choice, as
// it never reads their saved work.

/** LANGUAGES are the page's languages by code, with the tag <html lang> carries. */
export const LANGUAGES = Object.freeze({
  en: { tag: 'en', name: 'English' },
  'pt-br': { tag: 'pt-BR', name: 'Português (Brasil)' },
  ja: { tag: 'ja', name: '日本語' },
  'zh-cn': { tag: 'zh-CN', name: '简体中文' },
});

export const DEFAULT_LANGUAGE = 'en';

/** LANGUAGE_PARAM is the query parameter that names the language. */
export const LANGUAGE_PARAM = 'lang';

/** STORAGE_KEY holds the language the reader picked on the full page. */
export const STORAGE_KEY = 'taint-playground:lang';

/** known is code in the page's spelling (lower case), or '' when the page does not speak it. */
export function known(code) {
  const lower = String(code || '').trim().toLowerCase();
  return Object.hasOwn(LANGUAGES, lower) ? lower : '';
}

/**
 * fromBrowser maps one BCP 47 tag of navigator.languages to a page language,
 * or '': pt-BR and pt speak pt-br, ja speaks ja, zh-CN, zh-Hans and zh speak
 * zh-cn (zh-TW and zh-Hant, traditional script, do not), en-* speaks en.
 */
export function fromBrowser(tag) {
  const parts = String(tag || '').toLowerCase().split(/[-_]/);
  switch (parts[0]) {
    case 'en':
      return 'en';
    case 'ja':
      return 'ja';
    case 'pt':
      return parts.length === 1 || parts[1] === 'br' ? 'pt-br' : '';
    case 'zh':
      return parts.length === 1 || ['cn', 'hans', 'sg'].includes(parts[1]) ? 'zh-cn' : '';
    default:
      return '';
  }
}

/**
 * chooseLanguage is the page's language: asked (the ?lang value, null when
 * absent), then stored (the reader's choice, '' in an embed), then the first
 * of browser (navigator.languages, in preference order) the page speaks,
 * then English.
 */
export function chooseLanguage({ asked = null, stored = '', browser = [] } = {}) {
  const chosen = known(asked) || known(stored);
  if (chosen) return chosen;
  for (const tag of browser) {
    const language = fromBrowser(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
