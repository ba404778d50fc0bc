/** Offers a Blob as a download under the given name (an object URL on a temporary link). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the address goes away.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export function saveText(text: string, filename: string, type = 'text/plain;charset=utf-8'): void {
  saveBlob(new Blob([text], { type }), filename);
}
