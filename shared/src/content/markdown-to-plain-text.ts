import sanitizeHtml from 'sanitize-html';
import { renderMarkdown } from './render-markdown.js';

// Closing a block ends a word even when the HTML has no whitespace there (`</h2><p>`).
const blockEnd = /<\/(?:h[1-6]|p|li|blockquote|pre|td|th|tr|figcaption)>|<br\s*\/?>|<hr\s*\/?>/gi;

const characterReferences: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&nbsp;': ' ',
};

/** The words of a Markdown text, without markup, on one line (for excerpts, meta descriptions, word counts). */
export function markdownToPlainText(source: string | null | undefined): string {
  const html = renderMarkdown(source).replace(blockEnd, '$& ');
  // With no tag allowed, sanitize-html keeps only text, escaping the few characters HTML needs escaped.
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(
      /&(?:amp|lt|gt|quot|nbsp|#39|#x27);/g,
      (reference) => characterReferences[reference] ?? reference,
    )
    .replace(/\s+/g, ' ')
    .trim();
}
