import { find } from 'linkifyjs';

export type TextPart = { text: string } | { text: string; href: string };

/** The only addresses that become links: web pages and email. Never javascript:, data: or file:. */
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

function safeHref(href: string): string | null {
  try {
    return SAFE_PROTOCOLS.has(new URL(href).protocol) ? href : null;
  } catch {
    return null;
  }
}

/**
 * Splits a message into plain text and links (issue 23 item 6). linkifyjs finds addresses,
 * bare ones too ("www.example.org", "ruth@example.org"); each is kept only when its address is
 * http(s) or mailto, so a "javascript:" text stays text. Rendered as React text nodes, never HTML.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const link of find(text)) {
    const href = safeHref(link.href);
    if (!href) continue;
    if (link.start > at) parts.push({ text: text.slice(at, link.start) });
    parts.push({ text: link.value, href });
    at = link.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
