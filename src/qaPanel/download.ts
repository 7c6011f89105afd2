/** Saving an export as a file, from the panel and from the demo's inspector. */

/** Downloads `json` as the file `name`, by a link added to `parent` (a shadow root, or the body). */
export function downloadJson(name: string, json: string, parent: Node = document.body): void {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  parent.appendChild(link);
  link.click();
  link.remove();
  // Revoked a moment later: the browser reads the blob after the click has returned.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
