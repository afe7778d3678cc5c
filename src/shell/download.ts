// Saves a text as a file in the browser (exports: settings JSON, capex and clash CSV, routes and clashes GeoJSON): a
// Blob behind an object URL, clicked through a temporary link, the URL revoked afterwards.
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
