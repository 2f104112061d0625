// The docs embed's lines that follow what the frame shows: the settings in
// one line, the clock shown only for a scenario with evictions to come, and
// the link to the full page with the frame's state.

import { $ } from '../shared/dom.js';
import { linkedExample } from '../gallery/examples.js';
import { OpenInPlayground } from './embed-open.js';
import { SettingsLine } from './settings-line.js';

export class EmbedFollow {
  /** store holds the page's state. */
  constructor(store) {
    this.store = store;
    this.settingsLine = new SettingsLine($('.js-settings'));
    this.openInPlayground = new OpenInPlayground($('.js-embed-open'));
  }

  /** update points the embed's link at the state shown and, given the report, sums up its settings. */
  update(report) {
    const { shown, version, viewing } = this.store.state;
    if (report) {
      this.settingsLine.update(shown.options, report);
      // The clock plays evictions to come, a node's or a device's: a scenario with none leaves it out of the frame.
      const evicting = report.cells.some((cell) => cell.running && cell.eviction && cell.eviction.kind === 'after')
        || (report.devices || []).some((devices) => devices.eviction && devices.eviction.kind === 'after');
      document.documentElement.toggleAttribute('data-embed-clock', evicting || shown.clock.events.length > 0);
    }
    this.openInPlayground.update({ ...shown, kubernetes: version ? version.kubernetes : '' }, viewing ? linkedExample() : null);
  }
}
