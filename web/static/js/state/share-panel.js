// Share and embed: both write the state shown into a link and offer to copy
// it. A link made in an exercise opens that exercise, with this text in it;
// an example nobody changed is embedded by name.

import { $ } from '../shared/dom.js';
import { copyText } from '../shared/clipboard.js';
import { exampleEmbedURL, linkedExample } from '../gallery/examples.js';
import { EmbedBuilder } from '../embed/embed-builder.js';
import { EXERCISE_PARAM, linkedExercise } from '../workshop/workshop.js';
import { encodeState } from './share.js';
import { askedLanguage } from '../shared/language-picker.js';
import { LANGUAGE_PARAM } from '../shared/language.js';
import { t } from '../shared/i18n.js';

export class SharePanel {
  /** store holds the page's state; embedded is whether the page is an embed; notice(text) tells the user something. */
  constructor({ store, embedded, notice }) {
    Object.assign(this, { store, embedded, notice });
    this.panel = $('.js-share-panel');
    this.output = $('.js-share-output');
    this.status = $('.js-share-status');
    this.embedBuilder = new EmbedBuilder($('.js-embed-builder'));
    $('.js-share').addEventListener('click', () => this.share());
    $('.js-embed').addEventListener('click', () => this.embed());
    $('.js-share-copy').addEventListener('click', () => copyText(this.output.value, this.status, this.output));
  }

  async offerCopy(label, text) {
    $('.js-share-label').textContent = label;
    this.output.value = text;
    this.panel.hidden = false;
    this.output.focus();
    await copyText(text, this.status, this.output);
  }

  /** url is the link to the whole state, or null, after saying why, when no link can hold it. */
  async url(embed) {
    const { shown, version } = this.store.state;
    let fragment;
    try {
      fragment = await encodeState({ ...shown, kubernetes: version ? version.kubernetes : '' });
    } catch (error) {
      this.notice(t('share.toolarge', { error: error.message }));
      return null;
    }
    const exercise = linkedExercise();
    const lang = askedLanguage();
    const query = [
      embed ? 'embed' : '',
      exercise ? `${EXERCISE_PARAM}=${encodeURIComponent(exercise)}` : '',
      lang ? `${LANGUAGE_PARAM}=${lang}` : '',
    ].filter(Boolean);
    const url = new URL(window.location.href);
    url.search = query.length > 0 ? `?${query.join('&')}` : '';
    url.hash = fragment;
    return url.href;
  }

  async share() {
    const url = await this.url(false);
    if (!url) return;
    if (!this.embedded) window.history.replaceState(null, '', url);
    await this.offerCopy(t('share.label'), url);
  }

  async embed() {
    const url = linkedExample() ? exampleEmbedURL(linkedExample()) : await this.url(true);
    if (url) this.embedBuilder.open(url);
  }
}
