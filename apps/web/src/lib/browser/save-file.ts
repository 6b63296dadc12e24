/** Saves what `url` points at as `fileName`, through a temporary `<a download>` (which keeps that name). */
export function saveUrl(url: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** Saves a file the page holds (a text or bytes the BFF sent) through a Blob URL, released once taken. */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  saveUrl(url, fileName);
  // the browser has taken the file by the next task
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
