// Hands a file the renderer made (a CSV, a PNG) to the browser's downloads: a blob URL through an
// anchor, revoked once the download had time to start. Works under the CSP (no data: navigation).

export function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
