import { Marked, type Token, type Tokens } from 'marked';
import { sanitiseContentHtml } from './sanitise-content-html.js';

// marked is pinned to 15.x, the last line that ships a CommonJS build: 16 and later are ESM-only, which Jest (SWC to
// CommonJS, node_modules untransformed) cannot load.
// One configured instance rather than the global `marked`, so no other code's `marked.use()` changes our output.
const markdown = new Marked({ gfm: true, breaks: false, async: false });

/** The level the body's top headings take: the page's title is its only h1. */
const bodyTopLevel = 2;

/**
 * Moves the body's headings so its highest one is an h2, keeping their relative levels (an editor's "###"
 * sections under the page's h1 become h2, an "#" becomes h2 too): headings never skip a level under the title.
 */
function levelHeadings(tokens: Token[]): void {
  const headings: Tokens.Heading[] = [];
  markdown.walkTokens(tokens, (token) => {
    if (token.type === 'heading') headings.push(token as Tokens.Heading);
  });
  if (headings.length === 0) return;
  const shift = bodyTopLevel - Math.min(...headings.map((heading) => heading.depth));
  for (const heading of headings) heading.depth = Math.min(6, Math.max(bodyTopLevel, heading.depth + shift));
}

/** CMS Markdown (Strapi "richtext") to HTML that is safe to inject: rendered, then sanitised. */
export function renderMarkdown(source: string | null | undefined): string {
  if (!source) return '';
  const tokens = markdown.lexer(source);
  levelHeadings(tokens);
  return sanitiseContentHtml(markdown.parser(tokens));
}
