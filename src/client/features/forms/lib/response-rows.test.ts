import { describe, expect, it } from 'vitest';
import { responseRows } from './response-rows';

const fields = [
  { id: 'name', label: 'Your name' },
  { id: 'phone', label: 'Phone' },
  { id: 'date', label: 'Arrival' },
];

describe('responseRows', () => {
  it("lists the form's questions in order, a blank optional one as null", () => {
    const rows = responseRows(
      [
        { fieldId: 'date', label: 'Arrival', type: 'date', value: '2026-12-06' },
        { fieldId: 'name', label: 'Your name', type: 'text', value: 'Ama Owusu' },
      ],
      fields,
    );
    expect(rows).toEqual([
      { fieldId: 'name', label: 'Your name', shown: 'Ama Owusu' },
      { fieldId: 'phone', label: 'Phone', shown: null },
      { fieldId: 'date', label: 'Arrival', shown: 'Dec 06, 2026' },
    ]);
  });

  it('keeps the label an answer was given to, and answers to questions removed since, last', () => {
    const rows = responseRows(
      [
        { fieldId: 'name', label: 'Name', type: 'text', value: 'Kofi' },
        { fieldId: 'gone', label: 'T-shirt size', type: 'single_choice', value: 'M' },
        { fieldId: 'phone', label: 'Phone', type: 'phone', value: '+1 555 0100' },
      ],
      fields,
    );
    expect(rows.map((row) => [row.label, row.shown])).toEqual([
      ['Name', 'Kofi'],
      ['Phone', '+1 555 0100'],
      ['Arrival', null],
      ['T-shirt size', 'M'],
    ]);
  });

  it('reads every question as blank when nothing was answered', () => {
    expect(responseRows([], fields).every((row) => row.shown === null)).toBe(true);
    expect(responseRows([], [])).toEqual([]);
  });
});
