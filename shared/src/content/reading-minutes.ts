import { markdownToPlainText } from './markdown-to-plain-text.js';

/** Words a reader reads in a minute, the usual estimate for web articles. */
export const wordsPerMinute = 200;

/** Minutes to read a Markdown text: words / 200 rounded up, and never less than 1. */
export function readingMinutes(source: string | null | undefined): number {
  const text = markdownToPlainText(source);
  const words = text === '' ? 0 : text.split(' ').length;
  return Math.max(1, Math.ceil(words / wordsPerMinute));
}
