/**
 * Every email's two forms, HTML and plain text, from one description (docs/decisions/0099):
 * the ministry's name, a greeting, paragraphs, at most one action link, and a footer that
 * links to Settings to change one's notification preferences. Everything given is text: the
 * HTML form escapes it, so a name can never become markup.
 */
export interface EmailContent {
  subject: string;
  /** "Hello Ruth," when a name is known. */
  recipientName?: string | null;
  paragraphs: string[];
  action?: { label: string; url: string };
  /**
   * Notification emails: a link that turns them off without signing in (also sent as the
   * List-Unsubscribe header by the sender).
   */
  unsubscribeUrl?: string;
  /**
   * To someone outside the team (a partner: a form to answer, a year-end statement), who has
   * no account: the footer names the ministry and points to no Settings.
   */
  toPartner?: boolean;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface MailBranding {
  ministryName: string;
  /** The portal's address (BASE_URL), for the Settings link. */
  baseUrl: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** CR and LF (and other line breaks) become spaces: a subject or name is one header line. */
export const oneLine = (value: string) => value.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

export function renderEmail(content: EmailContent, branding: MailBranding): RenderedEmail {
  const settingsUrl = `${branding.baseUrl}/settings`;
  const greeting = content.recipientName ? `Hello ${oneLine(content.recipientName)},` : 'Hello,';
  const footer = content.toPartner
    ? `You receive this from ${branding.ministryName}, as one of its partners.`
    : `You receive this from ${branding.ministryName}. To change which emails you get, open Settings > Notifications: ${settingsUrl}`;

  const text = [
    greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '--',
    footer,
    ...(content.unsubscribeUrl ? [`To stop notification emails at once: ${content.unsubscribeUrl}`] : []),
    '',
  ].join('\n');

  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(oneLine(content.subject))}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-weight:600">${escapeHtml(branding.ministryName)}</p>
${paragraph(greeting)}
${content.paragraphs.map(paragraph).join('\n')}
${
  content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1c1917;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>`
    : ''
}
<hr style="border:none;border-top:1px solid #e7e5e4;margin:24px 0">
<p style="margin:0;font-size:12px;color:#57534e">${
    content.toPartner
      ? `You receive this from ${escapeHtml(branding.ministryName)}, as one of its partners.`
      : `You receive this from ${escapeHtml(branding.ministryName)}. <a href="${escapeHtml(settingsUrl)}">Change which emails you get</a> in Settings &gt; Notifications.`
  }${content.unsubscribeUrl ? ` <a href="${escapeHtml(content.unsubscribeUrl)}">Stop notification emails</a>.` : ''}</p>
</div></body></html>
`;
  return { subject: oneLine(content.subject), text, html };
}
