import { sanitiseContentHtml } from './sanitise-content-html.js';

describe('sanitiseContentHtml', () => {
  it('keeps article markup', () => {
    const html =
      '<h2 id="why">Why</h2><p>Some <strong>bold</strong> and <em>italic</em> text with <code class="language-ts">code</code>.</p><ul><li>one</li></ul><table><thead><tr><th align="left">A</th></tr></thead><tbody><tr><td align="right">1</td></tr></tbody></table>';
    expect(sanitiseContentHtml(html)).toBe(html);
  });

  it('removes script and style elements with their content', () => {
    expect(
      sanitiseContentHtml('<p>a</p><script>alert(1)</script><style>body{display:none}</style><p>b</p>'),
    ).toBe('<p>a</p><p>b</p>');
  });

  it('removes iframe, object and embed elements', () => {
    const html =
      '<iframe src="https://evil.test"></iframe><object data="x.swf"></object><embed src="x.swf"><p>kept</p>';
    expect(sanitiseContentHtml(html)).toBe('<p>kept</p>');
  });

  it('removes event-handler attributes', () => {
    expect(
      sanitiseContentHtml('<img src="/uploads/a.png" onerror="alert(1)"><p onclick="alert(1)">hi</p>'),
    ).toBe('<img src="/uploads/a.png" alt="" /><p>hi</p>');
  });

  it('removes javascript: and data: URLs from href and src', () => {
    expect(sanitiseContentHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitiseContentHtml('<a href="  JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitiseContentHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
    expect(sanitiseContentHtml('<p>a</p><img src="data:image/svg+xml;base64,PHN2Zz4=" alt="a">')).toBe(
      '<p>a</p>',
    );
  });

  it('removes SVG, including script inside it', () => {
    expect(
      sanitiseContentHtml('<svg onload="alert(1)"><script>alert(1)</script><text>t</text></svg><p>ok</p>'),
    ).toBe('<p>ok</p>');
  });

  it('removes inline styles and classes outside the allow-list', () => {
    expect(sanitiseContentHtml('<p style="position:fixed" class="x">a</p>')).toBe('<p>a</p>');
  });

  it('keeps http(s), mailto and relative links', () => {
    const html =
      '<a href="https://dcipher.example/blog">a</a><a href="/pricing">b</a><a href="#top">c</a><a href="mailto:info@dcipher.example">d</a>';
    expect(sanitiseContentHtml(html)).toBe(html);
  });

  it('adds rel="noopener noreferrer" to links opening a new tab, keeping other rel values', () => {
    expect(sanitiseContentHtml('<a href="https://x.test" target="_blank">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitiseContentHtml('<a href="https://x.test" target="_blank" rel="nofollow">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="nofollow noopener noreferrer">x</a>',
    );
    expect(sanitiseContentHtml('<a href="https://x.test" target="evil">x</a>')).toBe(
      '<a href="https://x.test">x</a>',
    );
  });

  it('removes images whose source would not load (relative, protocol-relative, missing)', () => {
    expect(
      sanitiseContentHtml('<p>a</p><img src=x onerror=alert(1)><img src="//evil.test/a.png"><img alt="b">'),
    ).toBe('<p>a</p>');
  });

  it('gives every image an alt attribute', () => {
    expect(sanitiseContentHtml('<img src="https://x.test/a.png">')).toBe(
      '<img src="https://x.test/a.png" alt="" />',
    );
  });
});
