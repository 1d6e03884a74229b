/** Characters Windows refuses in a name, and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[<>:"\\|?*\u0000-\u001f\u007f]/g;

/**
 * Where a file of the shared drive goes in the export archive: `files/<folder path>/<name>`. The
 * names are the ministry's own, so they are made safe to unpack on any system: no `..` or empty
 * segment, none of the characters Windows refuses (`<>:"\|?*` and control characters), no
 * trailing dot or space; two names that a case-insensitive disk would take for one get "-2",
 * "-3" before the extension.
 */
export function safeSegment(segment: string): string {
  const cleaned = segment.replace(UNSAFE, '_').replace(/[. ]+$/, (m) => '_'.repeat(m.length));
  return cleaned === '' ? '_' : cleaned;
}

function withSuffix(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > name.lastIndexOf('/') + 1 ? `${name.slice(0, dot)}-${n}${name.slice(dot)}` : `${name}-${n}`;
}

/**
 * The archive path of a file (`directory` false) or of a folder's directory entry (`directory`
 * true; null for the home folder or a directory already added). `taken` holds the paths used so
 * far, in lower case.
 */
export function archivePathOf(folderPath: string, name: string, taken: Set<string>, directory: boolean): string | null {
  const folders = folderPath
    .split('/')
    .filter((s) => s !== '')
    .map(safeSegment);
  const prefix = ['files', ...folders].join('/');
  if (directory) {
    const dir = `${prefix}/`;
    if (folders.length === 0 || taken.has(dir.toLowerCase())) return null;
    taken.add(dir.toLowerCase());
    return dir;
  }
  const base = `${prefix}/${safeSegment(name)}`;
  let candidate = base;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = withSuffix(base, n);
  taken.add(candidate.toLowerCase());
  return candidate;
}
