import { toEmailText } from './email-text.js';
import { escapeHtml } from './escape-html.js';

/** What an email says; `renderEmailLayout` turns it into the HTML and the plain-text part. */
export interface EmailContent {
  /** The line inbox lists show after the subject; hidden in the message itself. */
  preheader?: string;
  heading: string;
  paragraphs: string[];
  /** A list of things to read (product pages, feature updates), each a title, a short text and a link. */
  items?: EmailItem[];
  /** The one thing the reader should do, shown as a button with its URL also written out. */
  action?: { label: string; url: string };
  /** Why the reader got this email, shown above the company line. */
  footer?: string;
  /** Marketing email only: the link that stops it, shown as "Unsubscribe" under the footer. */
  unsubscribeUrl?: string;
}

export interface EmailItem {
  title: string;
  text: string;
  url: string;
  /** The link's text; "Read more" unless given. */
  linkLabel?: string;
}

export interface RenderedEmail {
  html: string;
  text: string;
}

const companyLine = 'Dcipher · AI-powered Insight Automation';
const defaultFooter =
  'You received this email because of an action on a Dcipher account with this address. ' +
  'If that was not you, you can ignore it.';

// The site's colours (shared/src/ui/theme.ts), repeated here: the UI package brings React along.
const colors = {
  ink: '#14162b',
  muted: '#4a4f6a',
  canvas: '#f4f5fb',
  surface: '#ffffff',
  brand: '#3b3fd8',
  onBrand: '#ffffff',
  border: '#c9cbe0',
};
const fontFamily = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * Builds both parts of an email from one structured content, so they always say the same thing. Every text is
 * made one line without control or bidirectional characters (`toEmailText`: customers' names reach most emails),
 * then escaped into the HTML; styles are inline and the layout uses tables, as email clients ignore style sheets and
 * most of modern CSS. Every URL (action, items, unsubscribe) must be http(s).
 */
export function renderEmailLayout(content: EmailContent): RenderedEmail {
  const urls = [
    content.action?.url,
    ...(content.items ?? []).map((item) => item.url),
    content.unsubscribeUrl,
  ].filter((url) => url !== undefined);
  if (urls.some((url) => !/^https?:\/\//i.test(url))) {
    throw new Error('email URLs (action, items, unsubscribe) must start with http:// or https://');
  }
  const safe = asEmailText(content);
  return { html: renderHtml(safe), text: renderText(safe) };
}

/** Every text of the content through `toEmailText`: one line each, no control or bidirectional characters. */
function asEmailText(content: EmailContent): EmailContent {
  return {
    ...content,
    ...(content.preheader !== undefined && { preheader: toEmailText(content.preheader) }),
    heading: toEmailText(content.heading),
    paragraphs: content.paragraphs.map(toEmailText),
    ...(content.items && {
      items: content.items.map((item) => ({
        ...item,
        title: toEmailText(item.title),
        text: toEmailText(item.text),
        ...(item.linkLabel !== undefined && { linkLabel: toEmailText(item.linkLabel) }),
      })),
    }),
    ...(content.action && { action: { ...content.action, label: toEmailText(content.action.label) } }),
    ...(content.footer !== undefined && { footer: toEmailText(content.footer) }),
  };
}

function renderHtml(content: EmailContent): string {
  const paragraphs = content.paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px;">${escapeHtml(paragraph)}</p>`)
    .join('\n');
  const action = content.action && renderAction(content.action);
  const preheader = content.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(content.preheader)}</div>`
    : '';

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.heading)}</title>
</head>
<body style="margin:0;padding:0;background-color:${colors.canvas};">
${preheader}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${colors.canvas};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:${colors.surface};border:1px solid ${colors.border};border-radius:8px;">
<tr><td style="padding:20px 32px;background-color:${colors.brand};border-radius:8px 8px 0 0;font-family:${fontFamily};font-size:22px;font-weight:700;letter-spacing:0.5px;color:${colors.onBrand};">Dcipher</td></tr>
<tr><td style="padding:32px;font-family:${fontFamily};font-size:16px;line-height:1.5;color:${colors.ink};">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${colors.ink};">${escapeHtml(content.heading)}</h1>
${paragraphs}
${content.items ? renderItems(content.items) : ''}
${action ?? ''}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid ${colors.border};font-family:${fontFamily};font-size:13px;line-height:1.5;color:${colors.muted};">
<p style="margin:0 0 8px;">${escapeHtml(content.footer ?? defaultFooter)}</p>
<p style="margin:0;">${escapeHtml(companyLine)}</p>
${content.unsubscribeUrl ? `<p style="margin:8px 0 0;"><a href="${escapeHtml(content.unsubscribeUrl)}" style="color:${colors.muted};text-decoration:underline;">Unsubscribe</a> from Dcipher emails about product news.</p>` : ''}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function renderAction(action: { label: string; url: string }): string {
  const url = escapeHtml(action.url);
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td style="border-radius:6px;background-color:${colors.brand};">
<a href="${url}" style="display:inline-block;padding:12px 24px;font-family:${fontFamily};font-size:16px;font-weight:600;color:${colors.onBrand};text-decoration:none;border-radius:6px;">${escapeHtml(action.label)}</a>
</td></tr>
</table>
<p style="margin:0 0 16px;font-size:14px;color:${colors.muted};">If the button does not work, copy this link into your browser:<br>
<a href="${url}" style="color:${colors.brand};word-break:break-all;">${url}</a></p>`;
}

function renderItems(items: EmailItem[]): string {
  return items
    .map(
      (item) => `<div style="margin:0 0 20px;">
<h2 style="margin:0 0 4px;font-size:17px;line-height:1.3;color:${colors.ink};">${escapeHtml(item.title)}</h2>
<p style="margin:0 0 4px;">${escapeHtml(item.text)}</p>
<a href="${escapeHtml(item.url)}" style="color:${colors.brand};font-weight:600;">${escapeHtml(item.linkLabel ?? 'Read more')}</a>
</div>`,
    )
    .join('\n');
}

function renderText(content: EmailContent): string {
  const blocks = [content.heading, ...content.paragraphs];
  for (const item of content.items ?? []) blocks.push(`${item.title}\n${item.text}\n${item.url}`);
  if (content.action) blocks.push(`${content.action.label}:\n${content.action.url}`);
  const unsubscribe = content.unsubscribeUrl
    ? `\nUnsubscribe from Dcipher emails about product news:\n${content.unsubscribeUrl}`
    : '';
  blocks.push(`--\n${content.footer ?? defaultFooter}\n${companyLine}${unsubscribe}`);
  return `${blocks.join('\n\n')}\n`;
}
