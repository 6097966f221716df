import { markdownToPlainText } from './markdown-to-plain-text.js';

/**
 * The start of a Markdown text as plain text, at most `maxLength` characters, cut at a word boundary with an
 * ellipsis when shortened.
 */
export function plainTextExcerpt(source: string | null | undefined, maxLength = 160): string {
  const text = markdownToPlainText(source);
  if (text.length <= maxLength) return text;
  // One character is kept for the ellipsis.
  const cut = text.slice(0, maxLength - 1);
  const endsOnWordBoundary = text[maxLength - 1] === ' ';
  const lastSpace = cut.lastIndexOf(' ');
  const words = endsOnWordBoundary || lastSpace <= maxLength / 2 ? cut : cut.slice(0, lastSpace);
  return `${words.replace(/[\s,;:.!?-]+$/, '')}…`;
}
