import { describe, expect, it } from 'vitest';
import { mentionedIds } from './mentions';

const people = [
  { id: 'ruth', names: ['Ruth Miller', 'ruth', 'ruth@example.org'] },
  { id: 'ruthie', names: ['Ruthie', 'ruthie.b'] },
  { id: 'jo', names: [null, 'Jo', ''] },
];

describe('mentionedIds', () => {
  it.each([
    ['@Ruth Miller, can you call?', ['ruth']],
    ['thanks @ruth!', ['ruth']],
    ['@RUTHIE and @jo', ['ruthie', 'jo']],
    ['@ruthie.b see this', ['ruthie']],
    ['(@jo)', ['jo']],
    ['@Ruth\nnew line', ['ruth']],
  ])('%j mentions %j', (text, ids) => {
    expect(mentionedIds(text, people)).toEqual(ids);
  });

  it.each([
    ['no at sign: Ruth Miller', 'a name without @'],
    ['@ruthless plans', 'the start of a longer word'],
    ['write to ruth@example.org', 'an email address in the text'],
    ['@jonathan', 'a longer name'],
    ['@ ruth', 'a space after @'],
  ])('%j mentions nobody (%s)', (text) => {
    expect(mentionedIds(text, people)).toEqual([]);
  });

  it('ignores empty names, so a lone @ mentions nobody', () => {
    expect(mentionedIds('@', [{ id: 'x', names: ['', '  ', null, undefined] }])).toEqual([]);
  });
});
