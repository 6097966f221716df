import type { OutboxMessage } from '../../adapters/mailer/email-outbox-repository.js';
import { escapeHtml } from '../../adapters/mailer/escape-html.js';
import { findLinksInEmail } from './links-in-email.js';

export interface MailboxPageOptions {
  /** When SMTP delivers mail, the outbox holds copies of what really went out. */
  deliversBySmtp: boolean;
}

const styles = `
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; color: #14162b;
         background: #f4f5fb; line-height: 1.5; }
  main { max-width: 960px; margin: 0 auto; padding: 24px 16px 48px; }
  h1 { font-size: 1.6rem; margin: 0 0 12px; }
  h2 { font-size: 1.2rem; margin: 32px 0 8px; }
  a { color: #2a2db0; }
  a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid #f5a524; outline-offset: 2px; }
  .notice { background: #fff8e6; border: 1px solid #f5a524; border-radius: 8px; padding: 12px 16px; }
  table { width: 100%; border-collapse: collapse; background: #fff; }
  caption { text-align: left; padding: 8px 0; color: #4a4f6a; }
  th, td { text-align: left; padding: 8px 12px; border-bottom: 1px solid #c9cbe0; vertical-align: top; }
  th { background: #eceefa; }
  form { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 16px 0; }
  input { font: inherit; padding: 6px 8px; border: 1px solid #4a4f6a; border-radius: 6px; min-width: 18rem; }
  button { font: inherit; padding: 6px 14px; border: 0; border-radius: 6px; background: #3b3fd8; color: #fff; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 16px 0; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  iframe { width: 100%; height: 560px; border: 1px solid #c9cbe0; border-radius: 8px; background: #fff; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; border: 1px solid #c9cbe0;
        border-radius: 8px; padding: 12px 16px; }
  li { overflow-wrap: anywhere; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Dcipher dev mailbox</title>
<style>${styles}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function notice(options: MailboxPageOptions): string {
  const text = options.deliversBySmtp
    ? 'This is the local outbox: the email this API queued for its SMTP server, which a background sender delivers.'
    : 'This is the local outbox: the email this API would have sent. Nothing was sent to real inboxes.';
  return `<p class="notice">${escapeHtml(text)}</p>`;
}

function time(createdAt: string): string {
  const readable = `${createdAt.slice(0, 10)} ${createdAt.slice(11, 19)} UTC`;
  return `<time datetime="${escapeHtml(createdAt)}">${escapeHtml(readable)}</time>`;
}

const messageUrl = (message: OutboxMessage) => `/dev/mailbox/${encodeURIComponent(message.id)}`;

export function renderMailboxPage(
  messages: OutboxMessage[],
  filter: { to?: string; limit: number },
  options: MailboxPageOptions,
): string {
  const rows = messages
    .map(
      (message) => `<tr>
<td>${escapeHtml(message.to)}</td>
<td><a href="${messageUrl(message)}">${escapeHtml(message.subject || '(no subject)')}</a></td>
<td>${time(message.createdAt)}</td>
</tr>`,
    )
    .join('\n');
  const scope = filter.to ? ` to ${filter.to}` : '';
  const caption =
    messages.length === 0
      ? `No messages${scope} yet.`
      : `${messages.length} message${messages.length === 1 ? '' : 's'}${scope}, newest first` +
        (messages.length === filter.limit ? ` (only the latest ${filter.limit} are shown)` : '');

  return page(
    'Outbox',
    `<h1>Dev mailbox</h1>
${notice(options)}
<form method="get" action="/dev/mailbox">
<label for="recipient">Recipient</label>
<input id="recipient" name="to" type="email" autocomplete="off" value="${escapeHtml(filter.to ?? '')}">
<button type="submit">Show their messages</button>
${filter.to ? '<a href="/dev/mailbox">Show all</a>' : ''}
</form>
<table>
<caption>${escapeHtml(caption)}</caption>
<thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Time</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p>The same messages as JSON: <a href="/dev/mailbox.json">/dev/mailbox.json</a> (add <code>?to=address</code> for one recipient).</p>`,
  );
}

export function renderMessagePage(message: OutboxMessage, options: MailboxPageOptions): string {
  const links = findLinksInEmail(message);
  const linkList =
    links.length === 0
      ? '<p>This email contains no links.</p>'
      : `<ul aria-labelledby="links-heading">
${links.map((url) => `<li><a href="${escapeHtml(url)}" rel="noreferrer">${escapeHtml(url)}</a></li>`).join('\n')}
</ul>`;

  return page(
    message.subject || 'Message',
    `<p><a href="/dev/mailbox">Back to all messages</a></p>
<h1>${escapeHtml(message.subject || '(no subject)')}</h1>
${notice(options)}
<dl>
<dt>To</dt><dd>${escapeHtml(message.to)}</dd>
<dt>Time</dt><dd>${time(message.createdAt)}</dd>
<dt>Kind</dt><dd>${escapeHtml(message.tag ?? 'not tagged')}</dd>
<dt>Id</dt><dd>${escapeHtml(message.id)}</dd>
</dl>
<h2 id="html-heading">HTML part</h2>
<iframe title="HTML part of the email" sandbox="" srcdoc="${escapeHtml(message.html)}"></iframe>
<h2 id="links-heading">Links in this email</h2>
${linkList}
<h2 id="text-heading">Text part</h2>
<pre aria-labelledby="text-heading">${escapeHtml(message.text)}</pre>`,
  );
}
