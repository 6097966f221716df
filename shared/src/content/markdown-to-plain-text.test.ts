import { markdownToPlainText } from './markdown-to-plain-text.js';

describe('markdownToPlainText', () => {
  it('keeps the words and drops the markup', () => {
    expect(markdownToPlainText('## Title\n\nSome **bold** [link](https://x.test).\n\n- one\n- two')).toBe(
      'Title Some bold link. one two',
    );
  });

  it('separates blocks that the HTML joins without whitespace', () => {
    expect(markdownToPlainText('<h2>Heading</h2><p>Para</p>')).toBe('Heading Para');
  });

  it('decodes the characters HTML escapes', () => {
    expect(markdownToPlainText('Research & development: "fast" < slow > it\'s')).toBe(
      'Research & development: "fast" < slow > it\'s',
    );
  });

  it('drops script content', () => {
    expect(markdownToPlainText('Hello <script>alert(1)</script>world')).toBe('Hello world');
  });

  it('gives an empty string for missing Markdown', () => {
    expect(markdownToPlainText(null)).toBe('');
  });
});
