// Where the page's language comes from on this page (language.js's rules
// applied to the address, the stored choice and the browser) and the
// selectors that change it: the header's on the full page, a compact one in
// the embed's bar. A change reloads the page in the new language (the work
// is saved on pagehide); the full page stores the choice, an embed carries
// it in ?lang only.

import { addressWith, param } from './address.js';
import { chooseLanguage, known, LANGUAGE_PARAM, STORAGE_KEY } from './language.js';
import { language } from './i18n.js';

const embedded = () => param('embed') !== null;

/** storedLanguage is the full page's stored choice, '' in an embed or when storage is refused. */
function storedLanguage() {
  if (embedded()) return '';
  try {
    return window.localStorage.getItem(STORAGE_KEY) || '';
  } catch {
    return '';
  }
}

/** pageLanguage is the language this page speaks. */
export function pageLanguage() {
  return chooseLanguage({ asked: param(LANGUAGE_PARAM), stored: storedLanguage(), browser: navigator.languages || [] });
}

/** askedLanguage is the ?lang the reader's address gave, '' when none: links the page writes keep it. */
export function askedLanguage() {
  return known(param(LANGUAGE_PARAM));
}

/** switchTo keeps code as the reader's choice and shows the page in it. */
function switchTo(code) {
  if (!embedded()) {
    try {
      window.localStorage.setItem(STORAGE_KEY, code);
    } catch {
      // Storage refused: the address below still carries the choice.
    }
  }
  if (embedded() || param(LANGUAGE_PARAM) !== null) window.location.replace(addressWith(LANGUAGE_PARAM, code));
  else window.location.reload();
}

/** wireLanguagePickers shows the page's language in every .js-language selector and follows their changes. */
export function wireLanguagePickers(root = document) {
  for (const select of root.querySelectorAll('.js-language')) {
    select.value = language();
    select.addEventListener('change', () => switchTo(select.value));
  }
}
