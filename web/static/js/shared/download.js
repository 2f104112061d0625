// download.js saves text as a file the browser downloads: the page's report
// and the what-if's blast radius. The engine writes the text (JSON as the
// command line's `check -o json` and `whatif -o json` print it, CSV as
// engine.WriteRadiusCSV), and the file holds it byte for byte: the page never
// parses and prints it again.

/** REVOKE_AFTER_MS keeps the file's object URL alive while the browser starts the download. */
const REVOKE_AFTER_MS = 60_000;

/** downloadText offers text to the user as the file filename of the media type type. */
export function downloadText(text, filename, type) {
  const blob = new Blob([text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** downloadJSON offers an engine's JSON document, as text, as the file filename. */
export function downloadJSON(text, filename) {
  downloadText(text, filename, 'application/json');
}
