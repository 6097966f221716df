import { renderMarkdown } from './render-markdown.js';

describe('renderMarkdown', () => {
  it('renders headings, lists, emphasis and links', () => {
    const html = renderMarkdown(
      '## Steps\n\n1. Import the **survey**\n2. Run the [workflow](https://dcipher.example/workflows)\n',
    );
    expect(html).toBe(
      '<h2>Steps</h2>\n<ol>\n<li>Import the <strong>survey</strong></li>\n<li>Run the <a href="https://dcipher.example/workflows">workflow</a></li>\n</ol>\n',
    );
  });

  it('renders GitHub-flavoured tables', () => {
    expect(renderMarkdown('| Metric | Value |\n| :-- | --: |\n| Themes | 12 |')).toContain(
      '<th align="left">Metric</th>',
    );
  });

  it('gives nothing for empty or missing Markdown', () => {
    expect(renderMarkdown('')).toBe('');
    expect(renderMarkdown(null)).toBe('');
    expect(renderMarkdown(undefined)).toBe('');
  });

  it('sanitises raw HTML carried in the Markdown', () => {
    const html = renderMarkdown(
      [
        'Before <script>alert(1)</script> after.',
        '',
        'A [link](javascript:alert(1)) and <a href="javascript:alert(1)">another</a>.',
        '',
        '<img src=x onerror=alert(1)>',
        '',
        '<iframe src="https://evil.test"></iframe>',
      ].join('\n'),
    );
    expect(html).not.toMatch(/<script|alert\(1\)|javascript:|onerror|<iframe/i);
    expect(html).toContain('Before');
    expect(html).toContain('another</a>');
  });

  it('adds rel="noopener noreferrer" to raw links that open a new tab', () => {
    expect(renderMarkdown('<a href="https://x.test" target="_blank">x</a>')).toContain(
      'rel="noopener noreferrer"',
    );
  });

  it("moves the body's headings under the page's title without skipping a level, keeping their order", () => {
    expect(renderMarkdown('### New\n\ntext\n\n#### Detail\n\n### Fixed\n')).toBe(
      '<h2>New</h2>\n<p>text</p>\n<h3>Detail</h3>\n<h2>Fixed</h2>\n',
    );
    expect(renderMarkdown('# Title again\n\n## Part\n')).toBe('<h2>Title again</h2>\n<h3>Part</h3>\n');
    expect(renderMarkdown('## Already right\n')).toBe('<h2>Already right</h2>\n');
  });
});
