/** Whether `kept` is `sent` with a number added before its extension ("notes (1).txt"), decision 0041. */
export function numberedTwin(sent: string, kept: string) {
  const dot = sent.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [sent.slice(0, dot), sent.slice(dot)] : [sent, ''];
  return (
    kept.startsWith(`${stem} (`) &&
    /^ \(\d+\)$/.test(kept.slice(stem.length, kept.length - extension.length)) &&
    kept.endsWith(extension)
  );
}
