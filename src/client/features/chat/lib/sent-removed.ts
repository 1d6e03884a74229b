/**
 * The message box after `sent` went out: what was typed after it, or all of it if the words
 * sent were changed meanwhile (kept rather than lost; the person sees what is left).
 */
export function sentRemoved(box: string, sent: string): string {
  if (!box.startsWith(sent)) return box;
  return box.slice(sent.length).trimStart();
}
