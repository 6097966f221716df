import type { OutboxMessage } from '../../adapters/mailer/email-outbox-repository.js';

const entities: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};
const decodeEntities = (value: string) =>
  value.replace(/&(?:amp|quot|#39|lt|gt);/g, (entity) => entities[entity]!);

/**
 * Every http(s) URL in a message, first seen first: the HTML part's `href`s and the URLs written in the text
 * part. The dev mailbox lists them as plain links, because the sandboxed preview cannot open new windows and
 * browser tests find them more easily there.
 */
export function findLinksInEmail(message: Pick<OutboxMessage, 'html' | 'text'>): string[] {
  const fromHtml = [...message.html.matchAll(/\shref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map((match) =>
    decodeEntities(match[1] ?? match[2] ?? ''),
  );
  const fromText = [...message.text.matchAll(/https?:\/\/[^\s<>"']+/gi)].map((match) =>
    // A sentence's closing punctuation is not part of the URL.
    match[0].replace(/[.,;:!?)\]]+$/, ''),
  );
  return [...new Set([...fromHtml, ...fromText])].filter((url) => /^https?:\/\//i.test(url));
}
