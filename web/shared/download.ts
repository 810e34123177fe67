// Saving a text file from an element: a Blob URL and an a[download], which
// the strict CSP allows (no data: URL, no inline script). The link lives in
// the element's shadow root for the click only.

export const BLOB_TYPE_PY = 'text/x-python';

export function saveText(root: ShadowRoot | HTMLElement, name: string, text: string, type = BLOB_TYPE_PY): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  root.append(a);
  a.click();
  a.remove();
  // Released later, not at once: some engines read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
