// The theme: light, dark, or the system's (the default). Unlike the page's
// modules this is a classic script, loaded in <head> without defer: it sets
// data-theme on <html> before the first paint, so a dark page never flashes
// white. Every colour is a light-dark() pair, so the stylesheets need only
// color-scheme, which data-theme forces (style.css).
//
// The choice is kept in localStorage when the browser allows it, else for
// this page only. An embedded page (?embed) may be given ?theme=light|dark by
// the docs site around it; that wins over the stored choice and is not stored.
// The toggle is the header's radio group .js-theme, wired once the page has
// parsed; another tab's choice is followed through the storage event.
(() => {
  const KEY = 'taint-playground:theme';
  const THEMES = ['light', 'dark'];
  const root = document.documentElement;

  /** stored is the stored theme, '' for the system's or when storage is refused. */
  const stored = () => {
    try {
      const theme = window.localStorage.getItem(KEY);
      return THEMES.includes(theme) ? theme : '';
    } catch {
      return '';
    }
  };

  /** apply forces theme ('light' or 'dark'), or follows the system for ''. */
  const apply = (theme) => {
    if (THEMES.includes(theme)) root.dataset.theme = theme;
    else delete root.dataset.theme;
  };

  const asked = new URLSearchParams(window.location.search).get('theme');
  apply(THEMES.includes(asked) ? asked : stored());

  /** choose applies and stores what the user picked; storage may refuse, the page keeps it anyway. */
  const choose = (theme) => {
    apply(theme);
    try {
      if (theme) window.localStorage.setItem(KEY, theme);
      else window.localStorage.removeItem(KEY);
    } catch {
      // Blocked or full: the theme lasts until the page closes.
    }
  };

  const showChoice = () => {
    const current = root.dataset.theme || 'system';
    for (const radio of document.querySelectorAll('.js-theme input[name="theme"]')) radio.checked = radio.value === current;
  };

  document.addEventListener('DOMContentLoaded', () => {
    showChoice();
    for (const radio of document.querySelectorAll('.js-theme input[name="theme"]')) {
      radio.addEventListener('change', () => {
        if (radio.checked) choose(radio.value === 'system' ? '' : radio.value);
      });
    }
  });

  window.addEventListener('storage', (event) => {
    if (event.key !== KEY) return;
    apply(stored());
    showChoice();
  });
})();
