// Writing text to the clipboard from an element. Resolves false where the page
// may not write it (no Clipboard API, an insecure context, permission refused,
// or an engine that refuses outside a user gesture); the snippet control
// (snippet-control.ts) then shows the text selected in a read-only box.

export async function copyText(text: string): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
