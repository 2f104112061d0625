// download.js saves a value as a JSON file, as the page's report download
// does: indented by two spaces and ending in a newline, as the command line
// prints `check -o json`.

/** REVOKE_AFTER_MS keeps the file's object URL alive while the browser starts the download. */
const REVOKE_AFTER_MS = 60_000;

/** downloadJSON offers value to the user as the file filename. */
export function downloadJSON(value, filename) {
  const blob = new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' });
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
