import { describe, expect, it } from 'vitest';
import { archivePathOf, safeSegment } from './zip-paths';

describe('where a file goes in the export archive', () => {
  it('keeps ordinary names under their folder', () => {
    const taken = new Set<string>();
    expect(archivePathOf('/', 'Budget.xlsx', taken, false)).toBe('files/Budget.xlsx');
    expect(archivePathOf('/Reports/2025/', 'Q1.pdf', taken, false)).toBe('files/Reports/2025/Q1.pdf');
    expect(archivePathOf('/Reports/2025/', '', taken, true)).toBe('files/Reports/2025/');
    // A folder is one directory entry, and the home folder none.
    expect(archivePathOf('/Reports/2025/', '', taken, true)).toBeNull();
    expect(archivePathOf('/', '', taken, true)).toBeNull();
  });

  it('makes names safe to unpack on any system', () => {
    expect(safeSegment('..')).toBe('__');
    expect(safeSegment('.')).toBe('_');
    expect(safeSegment('a:b*c?.txt')).toBe('a_b_c_.txt');
    expect(safeSegment('back\\slash')).toBe('back_slash');
    expect(safeSegment('trailing. ')).toBe('trailing__');
    expect(safeSegment('')).toBe('_');
    expect(archivePathOf('/../', 'x', new Set(), false)).toBe('files/__/x');
  });

  it('gives names a case-insensitive disk would merge a number before the extension', () => {
    const taken = new Set<string>();
    expect(archivePathOf('/v1.2/', 'Notes.txt', taken, false)).toBe('files/v1.2/Notes.txt');
    expect(archivePathOf('/v1.2/', 'notes.TXT', taken, false)).toBe('files/v1.2/notes-2.TXT');
    expect(archivePathOf('/v1.2/', 'Notes.txt', taken, false)).toBe('files/v1.2/Notes-3.txt');
    expect(archivePathOf('/v1.2/', 'README', taken, false)).toBe('files/v1.2/README');
    expect(archivePathOf('/v1.2/', 'readme', taken, false)).toBe('files/v1.2/readme-2');
  });
});
