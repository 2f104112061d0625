// The page's two editors, Nodes and Pods: each with its tools (find,
// format, …) and its syntax colours, which the engine computes after every
// pause in typing.

import { coalesce, debounce } from '../shared/dom.js';
import { Editor } from './editor.js';
import { EditorTools } from './editor-tools.js';
import { t } from '../shared/i18n.js';

/**
 * HIGHLIGHT_MAX_LENGTH: the highlighter colours at most 256 KiB of text
 * (highlight.MaxBytes); beyond that its HTML is the plain lines the layer
 * already shows, and parsing megabytes of it would stall the page after every
 * pause in typing, so longer text is not sent.
 */
const HIGHLIGHT_MAX_LENGTH = 256 * 1024;

/** LABELS are the ids of the editors' names for the user, by the name the engine knows them by. */
const LABELS = { nodes: 'editors.nodes', pods: 'editors.pods' };

export class PageEditors {
  /**
   * inputs are the editors' textareas by name (nodes, pods); onInput(name,
   * text) runs after each of the user's edits, before its colours are asked
   * for.
   */
  constructor(inputs, { engine, onInput }) {
    this.editors = {};
    this.highlighters = {};
    for (const [name, input] of Object.entries(inputs)) {
      const editor = new Editor(input.closest('.js-editor'), {
        onInput: () => {
          onInput(name, editor.value);
          this.highlighters[name]();
        },
      });
      this.editors[name] = editor;
      new EditorTools(editor, { label: t(LABELS[name]), engine });
      const highlight = coalesce(async () => {
        if (editor.large) return;
        const text = editor.value;
        if (text.length > HIGHLIGHT_MAX_LENGTH) return;
        const { html } = await engine.call('highlight', { text, editor: name });
        editor.applyHighlight(text, html);
      });
      this.highlighters[name] = debounce(() => highlight().catch(() => {}), 30);
    }
  }

  /** show puts a state's texts in the editors. */
  show({ nodes, pods }) {
    this.editors.nodes.setValue(nodes);
    this.editors.pods.setValue(pods);
  }

  /** highlight asks for both editors' colours. */
  highlight() {
    this.highlighters.nodes();
    this.highlighters.pods();
  }

  /** link marks the lines of the pod and node a verdict is about, or none. */
  link(links) {
    this.editors.nodes.setLinked(links ? links.nodes : []);
    this.editors.pods.setLinked(links ? links.pods : []);
  }
}
