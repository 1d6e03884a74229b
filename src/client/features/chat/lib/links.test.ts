import { describe, expect, it } from 'vitest';
import { splitLinks } from './links';

const links = (text: string) => splitLinks(text).filter((p) => 'href' in p);

describe('splitLinks', () => {
  it('makes http(s), bare web and email addresses links, keeping the text around them', () => {
    expect(splitLinks('See https://example.org/a?b=1, then write.')).toEqual([
      { text: 'See ' },
      { text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { text: ', then write.' },
    ]);
    expect(links('www.example.org')).toEqual([{ text: 'www.example.org', href: 'http://www.example.org' }]);
    expect(links('ruth@example.org')).toEqual([{ text: 'ruth@example.org', href: 'mailto:ruth@example.org' }]);
    expect(links('mailto:ruth@example.org')).toEqual([
      { text: 'mailto:ruth@example.org', href: 'mailto:ruth@example.org' },
    ]);
  });

  it('never makes javascript:, data: or other schemes a link', () => {
    for (const text of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'vbscript:msgbox(1)',
    ]) {
      expect(links(text), text).toEqual([]);
      expect(
        splitLinks(text)
          .map((p) => p.text)
          .join(''),
      ).toBe(text);
    }
  });

  it('links only the web address inside a javascript: text, never the javascript: address', () => {
    const found = links('click javascript://example.org/%0aalert(1)');
    for (const link of found) expect(link.href).toMatch(/^https?:\/\//);
  });

  it('keeps plain text and emoji as they are', () => {
    expect(splitLinks('Praise God 🙏🏽 for this week')).toEqual([{ text: 'Praise God 🙏🏽 for this week' }]);
    expect(splitLinks('')).toEqual([]);
  });
});
