import { Marked } from 'marked';
import { sanitiseContentHtml } from './sanitise-content-html.js';

// marked is pinned to 15.x, the last line that ships a CommonJS build: 16 and later are ESM-only, which Jest (SWC to
// CommonJS, node_modules untransformed) cannot load.
// One configured instance rather than the global `marked`, so no other code's `marked.use()` changes our output.
const markdown = new Marked({ gfm: true, breaks: false, async: false });

/** CMS Markdown (Strapi "richtext") to HTML that is safe to inject: rendered, then sanitised. */
export function renderMarkdown(source: string | null | undefined): string {
  if (!source) return '';
  return sanitiseContentHtml(markdown.parse(source, { async: false }));
}
