import { PNG_1X1 } from '#test-support/multipart';

/**
 * Hostile uploads (issue 9): each is sent through the real upload routes; the tests check how
 * it is stored and served, and that nothing escapes the storage root or is left behind.
 */
export interface CorpusFile {
  name: string;
  filename: string;
  /** The Content-Type the client claims; the server must not believe it. */
  declaredType: string;
  content: Buffer;
}

const html = (script: string) => Buffer.from(`<!doctype html><html><body><script>${script}</script></body></html>`);

export const SCRIPT_FILES: CorpusFile[] = [
  { name: 'HTML with script', filename: 'page.html', declaredType: 'text/html', content: html('parent.__xss = 1') },
  {
    name: 'SVG with script',
    filename: 'logo.svg',
    declaredType: 'image/svg+xml',
    content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
  },
  {
    name: 'polyglot PNG header followed by HTML',
    filename: 'photo.png.html',
    declaredType: 'text/html',
    content: Buffer.concat([PNG_1X1, html('alert(3)')]),
  },
  {
    name: 'HTML that claims to be a PNG',
    filename: 'innocent.png',
    declaredType: 'image/png',
    content: html('alert(4)'),
  },
  {
    name: 'HTML that claims to be a PDF',
    filename: 'report.pdf',
    declaredType: 'application/pdf',
    content: html('alert(5)'),
  },
  {
    name: 'XHTML with script declared as XML',
    filename: 'page.xhtml',
    declaredType: 'application/xhtml+xml',
    content: Buffer.from('<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(6)</script></html>'),
  },
  {
    name: 'JavaScript',
    filename: 'app.js',
    declaredType: 'text/javascript',
    content: Buffer.from('fetch("/api/me").then((r) => r.text()).then(alert)'),
  },
];

/** Names that try to leave the folder or the storage root. */
export const TRAVERSAL_NAMES = [
  '../../../outside.txt',
  '..\\..\\windows.txt',
  '/etc/passwd',
  'C:\\boot.ini',
  '....//....//double.txt',
  '..',
  '.',
  '%2e%2e%2fencoded.txt',
  'folder/inside/name.txt',
];

/** Content types an uploaded file may be served with: none of them runs script. */
export const SAFE_SERVED_TYPES = [
  'application/octet-stream',
  'text/plain; charset=utf-8',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
];

/** What only a real picture is served as inline. */
export const INLINE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain; charset=utf-8',
];
