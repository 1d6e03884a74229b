import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ImportFileError, isFormulaCell, PIECE_CHARS, readCsv, sniffCsv } from './csv-file';

const rowsOf = async (text: string | Buffer, delimiter: ',' | ';' | '\t' = ',') => {
  const found: string[][] = [];
  for await (const { cells } of readCsv(Readable.from([Buffer.from(text)]), delimiter)) found.push(cells);
  return found;
};

describe('sniffCsv', () => {
  it('finds the delimiter of the header row, outside quotes', () => {
    expect(sniffCsv(Buffer.from('Date,Amount,Name\n1;2;3;4;5\n'))).toEqual({ delimiter: ',' });
    expect(sniffCsv(Buffer.from('Date;Amount;"Name, full"\n'))).toEqual({ delimiter: ';' });
    expect(sniffCsv(Buffer.from('Date\tAmount\tName\n'))).toEqual({ delimiter: '\t' });
    expect(sniffCsv(Buffer.from('\uFEFFDate;Amount\n'))).toEqual({ delimiter: ';' });
    expect(sniffCsv(Buffer.from('Amount\n5\n'))).toEqual({ delimiter: ',' });
  });

  it('refuses other encodings with a message that says how to save the file', () => {
    expect(() => sniffCsv(Buffer.from('Name\nJos\xe9\n', 'latin1'))).toThrow(/not UTF-8.*"CSV UTF-8"/);
    expect(() => sniffCsv(Buffer.from([0xff, 0xfe, 0x44, 0x00]))).toThrow(/UTF-16/);
    expect(() => sniffCsv(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]))).toThrow(/not a CSV file/);
    expect(() => sniffCsv(Buffer.alloc(0))).toThrow(ImportFileError);
  });

  it('accepts a head cut in the middle of a character', () => {
    const text = Buffer.from('Name,Note\nJosé,ok\n');
    const cut = text.subarray(0, text.indexOf(0xc3) + 1);
    expect(sniffCsv(cut)).toEqual({ delimiter: ',' });
  });
});

describe('readCsv', () => {
  it('reads quoted cells, CRLF lines and a byte order mark, and skips empty lines', async () => {
    expect(await rowsOf('\uFEFFa,b\r\n"1,5","say ""hi"""\r\n\r\n2,\n')).toEqual([
      ['a', 'b'],
      ['1,5', 'say "hi"'],
      ['2', ''],
    ]);
  });

  it('refuses bytes that are not UTF-8 anywhere in the file', async () => {
    const text = Buffer.concat([Buffer.from(`a\n${'x\n'.repeat(50_000)}`), Buffer.from([0xe9, 0x0a])]);
    await expect(rowsOf(text)).rejects.toThrow(/not UTF-8/);
  });

  it('refuses a quote never closed, naming the line', async () => {
    await expect(rowsOf('a,b\n1,"open\n2,3\n')).rejects.toThrow(
      /near line 3: check for a quote \("\) that is never closed/,
    );
  });

  it('refuses a quote inside a value that is not quoted, saying how to write it', async () => {
    const advice = /near line 2: a value with a quote \("\) in it must be in quotes itself, with each quote inside/;
    await expect(rowsOf('a,b\n1,=HYPERLINK("x")\n')).rejects.toThrow(advice);
    await expect(rowsOf('a,b\n1,"x"y\n')).rejects.toThrow(advice);
  });

  it('refuses a file without a header and an empty one', async () => {
    await expect(rowsOf(',,\n1,2,3\n')).rejects.toThrow(/header row/);
    await expect(rowsOf('\n\n')).rejects.toThrow(/empty/);
  });
});

describe('isFormulaCell', () => {
  it('flags what a spreadsheet would run', () => {
    for (const cell of ['=1+2', '+1', '@SUM(A1)', '-A1', ' =x', '\tx', '-x'])
      expect(isFormulaCell(cell), cell).toBe(true);
  });
  it('lets numbers, dashes and text through', () => {
    for (const cell of ['-5', '-0.5', '-', 'a=b', '5+5', 'x@y.org', '']) expect(isFormulaCell(cell), cell).toBe(false);
  });
});

describe('readCsv in pieces (decision 0141)', () => {
  // Each row's name ends in an emoji (two UTF-16 halves), so some piece boundary falls inside one.
  const rows = Array.from({ length: 3000 }, (_, i) => [`Giver ${i} 🙏`, String(i)]);
  const file = Buffer.from(`Name,Number\n${rows.map((r) => r.join(',')).join('\n')}\n`);

  it('reads a large chunk whole, never splitting a character between pieces', async () => {
    expect(file.length).toBeGreaterThan(PIECE_CHARS * 3);
    expect(await rowsOf(file)).toEqual([['Name', 'Number'], ...rows]);
    // The first piece would end between the emoji's two halves.
    const long = `${'x'.repeat(PIECE_CHARS - 'Name\n'.length - 1)}🙏`;
    expect(await rowsOf(`Name\n${long}\n`)).toEqual([['Name'], [long]]);
  });

  it('lets other work in while it parses one large chunk', async () => {
    let between = 0;
    let reading = true;
    const other = () => {
      if (!reading) return;
      between++;
      setImmediate(other);
    };
    setImmediate(other);
    await rowsOf(file);
    reading = false;
    // One piece at a time: the other work ran between them, not only once at the end.
    expect(between).toBeGreaterThanOrEqual(Math.floor(file.length / PIECE_CHARS) - 1);
  });
});
