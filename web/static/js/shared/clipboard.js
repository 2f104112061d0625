// Copy buttons. The clipboard API can be refused (no permission, an iframe
// without clipboard-write); then the text is selected so Ctrl+C finishes it.

import { t } from './i18n.js';

/**
 * copyText copies text and says what happened in status (an element with
 * role="status"). fallback is an element whose text to select when copying
 * is refused.
 */
export async function copyText(text, status, fallback) {
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = t('copy.done');
  } catch {
    if (fallback instanceof HTMLInputElement || fallback instanceof HTMLTextAreaElement) {
      fallback.select();
      status.textContent = t('copy.selected');
      return;
    }
    const range = document.createRange();
    range.selectNodeContents(fallback);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    status.textContent = t('copy.selected');
  }
}
