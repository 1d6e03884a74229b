import { describe, expect, it } from 'vitest';
import {
  cleanFileName,
  createFolderSchema,
  folderNameSchema,
  folderTrail,
  isFolderPath,
  numberedFileName,
  previewKindFor,
  renamedFileName,
  sanitizeStoredFileName,
  storedFilePath,
} from './files';

const folderError = (name: unknown) => {
  const result = folderNameSchema.safeParse(name);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('folder names (SPEC 5)', () => {
  it('are trimmed and spaces become underscores', () => {
    expect(folderNameSchema.parse('  Youth Camp  2025 ')).toBe('Youth_Camp_2025');
    expect(folderNameSchema.parse('Reports')).toBe('Reports');
  });

  it("must not be empty: 'Folder name cannot be empty'", () => {
    expect(folderError('')).toBe('Folder name cannot be empty');
    expect(folderError('   ')).toBe('Folder name cannot be empty');
    expect(folderError(undefined)).toBe('Folder name cannot be empty');
  });

  it('refuse slashes, "..", control characters and very long names', () => {
    expect(folderError('a/b')).toBe('Folder names cannot contain slashes');
    expect(folderError('..\\x')).toBe('Folder names cannot contain slashes');
    expect(folderError('../../etc')).toBe('Folder names cannot contain slashes');
    expect(folderError('..')).toBe('Folder names cannot contain ".."');
    expect(folderError('.')).toBe('Choose another folder name');
    expect(folderError(' . ')).toBe('Choose another folder name');
    expect(folderError('.placeholder')).toBe('".placeholder" is a reserved name');
    expect(folderError('.github')).toBeNull();
    expect(folderError('a\0b')).toBe('Folder names cannot contain control characters');
    expect(folderError('x'.repeat(101))).toBe('Folder names are limited to 100 characters');
    expect(folderError('x'.repeat(100))).toBeNull();
    // The check holds on every call (no regex state carried between calls).
    expect(folderError('a\u0001')).not.toBeNull();
    expect(folderError('a\u0001')).not.toBeNull();
  });

  it('create a folder under a valid parent only', () => {
    expect(createFolderSchema.parse({ parent: '/Reports/', name: 'Q1 2025' })).toEqual({
      parent: '/Reports/',
      name: 'Q1_2025',
    });
    expect(createFolderSchema.safeParse({ parent: 'Reports', name: 'x' }).success).toBe(false);
  });
});

describe('folder paths', () => {
  it('start and end with a slash, the root being /', () => {
    for (const ok of ['/', '/Reports/', '/Reports/Q1_2025/', '/Événements/']) expect(isFolderPath(ok), ok).toBe(true);
    for (const bad of [
      '',
      'Reports',
      '/Reports',
      'Reports/',
      '//',
      '/a//b/',
      '/../',
      '/a/../b/',
      '/a b/',
      '/a\\b/',
      '/a\0/',
      `/${'x'.repeat(101)}/`,
    ]) {
      expect(isFolderPath(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('give a breadcrumb trail below home', () => {
    expect(folderTrail('/')).toEqual([]);
    expect(folderTrail('/Reports/Q1/')).toEqual([
      { name: 'Reports', path: '/Reports/' },
      { name: 'Q1', path: '/Reports/Q1/' },
    ]);
  });
});

describe('file names', () => {
  it('in stored paths replace spaces, brackets and other non-word characters except dot and dash (SPEC 5)', () => {
    expect(sanitizeStoredFileName('Annual Report (final) [v2].pdf')).toBe('Annual_Report__final___v2_.pdf');
    expect(sanitizeStoredFileName('budget-2025.xlsx')).toBe('budget-2025.xlsx');
    expect(sanitizeStoredFileName('naïve café.txt')).toBe('na_ve_caf_.txt');
    expect(sanitizeStoredFileName('a&b=c;d?.txt')).toBe('a_b_c_d_.txt');
  });

  it('build the SPEC path creator id / folder / name', () => {
    expect(storedFilePath('user-1', '/', 'My File.txt')).toBe('user-1/My_File.txt');
    expect(storedFilePath('user-1', '/Reports/Q1/', 'a b.pdf')).toBe('user-1/Reports/Q1/a_b.pdf');
  });

  it('are harmless when they try path traversal, absolute paths or NUL bytes', () => {
    expect(cleanFileName('../../x')).toBe('x');
    expect(cleanFileName('/etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\me\\secret.txt')).toBe('secret.txt');
    expect(cleanFileName('evil\0.png')).toBe('evil.png');
    expect(cleanFileName('..')).toBe('unnamed');
    expect(cleanFileName('../')).toBe('unnamed');
    expect(cleanFileName('   ')).toBe('unnamed');
    // Even unsanitised input cannot leave its folder in the stored path: no slash survives.
    expect(storedFilePath('u', '/', '../../x')).toBe('u/.._.._x');
    expect(storedFilePath('u', '/', '/etc/passwd')).toBe('u/_etc_passwd');
    expect(storedFilePath('u', '/', 'a\0b')).toBe('u/a_b');
  });

  it('are shortened to 255 characters, keeping the extension', () => {
    const long = cleanFileName(`${'x'.repeat(300)}.pdf`);
    expect(long).toHaveLength(255);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('are numbered when the name is taken', () => {
    expect(numberedFileName('report.pdf', 2)).toBe('report (2).pdf');
    expect(numberedFileName('README', 1)).toBe('README (1)');
    expect(numberedFileName('.env', 1)).toBe('.env (1)');
  });

  it('renamed without an ending keep the one they had; another ending typed is kept as typed', () => {
    expect(renamedFileName('Meeting notes', 'notes.txt')).toBe('Meeting notes.txt');
    expect(renamedFileName('  Budget 2027 ', 'budget.final.xlsx')).toBe('Budget 2027.xlsx');
    expect(renamedFileName('minutes.md', 'notes.txt')).toBe('minutes.md');
    expect(renamedFileName('Plan', 'README')).toBe('Plan');
    expect(renamedFileName('Plan', '.env')).toBe('Plan');
    // Left empty, it stays empty: the name's own check says a name is needed.
    expect(renamedFileName('   ', 'notes.txt')).toBe('');
  });
});

describe('previews', () => {
  it('cover images, PDF and text, never HTML or SVG', () => {
    expect(previewKindFor('image/png')).toBe('image');
    expect(previewKindFor('image/webp')).toBe('image');
    expect(previewKindFor('application/pdf')).toBe('pdf');
    expect(previewKindFor('text/plain')).toBe('text');
    expect(previewKindFor('text/csv')).toBe('text');
    expect(previewKindFor('text/html')).toBeNull();
    expect(previewKindFor('image/svg+xml')).toBeNull();
    expect(previewKindFor('application/xhtml+xml')).toBeNull();
    expect(previewKindFor('application/zip')).toBeNull();
    expect(previewKindFor(null)).toBeNull();
  });
});
