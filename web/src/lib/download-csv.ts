// Hands a file to the browser's downloads: a CSV made here, or a file the server links to.

/** Saves the text as a file through a temporary link (no round trip to the server). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  downloadFrom(url, fileName);
  URL.revokeObjectURL(url);
}

/** Follows a download link without leaving the page (the server's links answer as attachments). */
export function downloadFrom(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}
