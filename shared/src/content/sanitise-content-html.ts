import sanitizeHtml from 'sanitize-html';

// CMS Markdown may carry raw HTML, and editors' accounts can be phished: everything outside this allow-list is
// dropped, so nothing in an entry can run script on the site. Tags that are not listed lose their markup (their
// text stays, except for the `nonTextTags`, whose content goes too); attributes that are not listed (on*, style)
// are dropped; href/src keep only the listed schemes (no javascript:, no data:); an image whose source would not
// load is dropped whole.
// sanitize-html is pinned to 2.17.5: 2.17.6 and later need htmlparser2 12, which is ESM-only (Node 22.12+ to
// require it, and Jest, running CommonJS here, cannot load it untransformed).

const allowedTags = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'blockquote',
  'pre',
  'code',
  'em',
  'strong',
  'del',
  's',
  'sup',
  'sub',
  'kbd',
  'mark',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  // GitHub-flavoured Markdown task lists render as disabled checkboxes.
  'input',
];

const allowedAttributes: sanitizeHtml.IOptions['allowedAttributes'] = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  ol: ['start'],
  th: [{ name: 'align', multiple: false, values: ['left', 'center', 'right'] }],
  td: [{ name: 'align', multiple: false, values: ['left', 'center', 'right'] }],
  input: [{ name: 'type', multiple: false, values: ['checkbox'] }, 'checked', 'disabled'],
  h1: ['id'],
  h2: ['id'],
  h3: ['id'],
  h4: ['id'],
  h5: ['id'],
  h6: ['id'],
};

const openedInNewTabRel = ['noopener', 'noreferrer'];

/** An image is kept only with an http(s) or site-root URL: anything else would show as a broken image. */
const usableImageSource = /^(?:https?:\/\/|\/(?!\/))/i;

const options: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes,
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  exclusiveFilter: (frame) => frame.tag === 'img' && !usableImageSource.test(frame.attribs.src ?? ''),
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'svg', 'math', 'iframe'],
  transformTags: {
    a: (tagName, { target, rel, ...attribs }) => {
      if (target === '_blank') {
        // A page opened in a new tab must not get `window.opener` nor the referring URL.
        const tokens = new Set([...(rel ?? '').split(/\s+/).filter(Boolean), ...openedInNewTabRel]);
        return { tagName, attribs: { ...attribs, target, rel: [...tokens].join(' ') } };
      }
      // Any other target (a named window) is dropped.
      return {
        tagName,
        attribs: { ...attribs, ...(target === '_self' ? { target } : {}), ...(rel ? { rel } : {}) },
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '' } }),
    input: (tagName, attribs) => ({ tagName, attribs: { ...attribs, disabled: '' } }),
  },
};

/** Removes from HTML everything that could run script or restyle the page, keeping article markup. */
export function sanitiseContentHtml(html: string): string {
  return sanitizeHtml(html, options);
}
