import { splitLinks } from '../lib/links';

/**
 * A message's text as React text, its web and email addresses as links that open in a new tab
 * without handing it the portal's window (noopener noreferrer); nothing is ever read as HTML.
 */
export function MessageText({ content }: { content: string }) {
  return (
    <>
      {splitLinks(content).map((part, i) =>
        'href' in part ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className="underline underline-offset-2 hover:no-underline"
          >
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
