// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderEmailLayout } from './email-layout.js';

describe('renderEmailLayout', () => {
  const content = {
    preheader: 'Confirm your address to finish signing up',
    heading: 'Confirm your email address',
    paragraphs: ['Hello Grace,', 'Please confirm that this is your address.'],
    action: { label: 'Confirm email', url: 'https://account.dcipher.io/verify-email?token=abc&next=%2F' },
    footer: 'You received this email because someone signed up for Dcipher with this address.',
  };

  it('puts the same content in the HTML and the text part', () => {
    const { html, text } = renderEmailLayout(content);
    assert.match(html, /^<!doctype html>/);
    assert.match(html, /<title>Confirm your email address<\/title>/);
    assert.match(html, />Dcipher<\/td>/);
    assert.match(html, /<h1[^>]*>Confirm your email address<\/h1>/);
    assert.match(html, /<p[^>]*>Please confirm that this is your address\.<\/p>/);
    assert.match(html, /Confirm your address to finish signing up/);
    assert.match(html, /someone signed up for Dcipher/);

    assert.equal(
      text,
      [
        'Confirm your email address',
        'Hello Grace,',
        'Please confirm that this is your address.',
        'Confirm email:\nhttps://account.dcipher.io/verify-email?token=abc&next=%2F',
        '--\nYou received this email because someone signed up for Dcipher with this address.\n' +
          'Dcipher · AI-powered Insight Automation\n',
      ].join('\n\n'),
    );
  });

  it('has the link as a button and again written out, in both parts', () => {
    const { html, text } = renderEmailLayout(content);
    const escapedUrl = 'https://account.dcipher.io/verify-email?token=abc&amp;next=%2F';
    assert.equal(html.split(`href="${escapedUrl}"`).length - 1, 2);
    assert.match(html, />Confirm email<\/a>/);
    assert.ok(html.includes(`>${escapedUrl}</a>`));
    assert.ok(text.includes(content.action.url));
  });

  it('escapes every text in the HTML part and keeps it as written in the text part', () => {
    const { html, text } = renderEmailLayout({
      heading: 'Hi <script>alert(1)</script>',
      paragraphs: ['Tom & "Jerry" <b>bold</b>', "it's"],
      action: { label: '<img src=x onerror=alert(1)>', url: 'https://example.com/?a="><script>x</script>' },
    });
    assert.ok(!html.includes('<script>'));
    assert.ok(!html.includes('<img'));
    assert.ok(!html.includes('<b>'));
    assert.ok(html.includes('Hi &lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(html.includes('Tom &amp; &quot;Jerry&quot; &lt;b&gt;bold&lt;/b&gt;'));
    assert.ok(html.includes('href="https://example.com/?a=&quot;&gt;&lt;script&gt;x&lt;/script&gt;"'));
    assert.ok(text.includes('Hi <script>alert(1)</script>'));
  });

  it('leaves out the button and the preheader when there are none, and has a default footer', () => {
    const { html, text } = renderEmailLayout({ heading: 'Your password was changed', paragraphs: ['Done.'] });
    assert.ok(!html.includes('<a '));
    assert.ok(!html.includes('display:none'));
    assert.match(html, /because of an action on a Dcipher account/);
    assert.match(text, /because of an action on a Dcipher account/);
  });

  it('refuses an action URL that is not http(s)', () => {
    assert.throws(
      () =>
        renderEmailLayout({
          heading: 'x',
          paragraphs: [],
          action: { label: 'Go', url: 'javascript:alert(1)' },
        }),
      /must start with http/,
    );
  });

  it('lists items with their links and an unsubscribe link, in both parts', () => {
    const { html, text } = renderEmailLayout({
      heading: 'What is new',
      paragraphs: ['Two things.'],
      items: [
        { title: 'Faster <reports>', text: 'Twice as fast.', url: 'https://www.dcipher.io/a?x=1&y=2' },
        { title: 'Studio', text: 'Themes.', url: 'https://www.dcipher.io/b', linkLabel: 'See Studio' },
      ],
      unsubscribeUrl: 'https://www.dcipher.io/unsubscribe?email=a%40b.co&token=abc',
    });
    assert.ok(
      html.includes(
        '<h2 style="margin:0 0 4px;font-size:17px;line-height:1.3;color:#14162b;">Faster &lt;reports&gt;</h2>',
      ),
    );
    assert.ok(html.includes('href="https://www.dcipher.io/a?x=1&amp;y=2"'));
    assert.match(html, />Read more<\/a>/);
    assert.match(html, />See Studio<\/a>/);
    assert.match(
      html,
      /href="https:\/\/www\.dcipher\.io\/unsubscribe\?email=a%40b\.co&amp;token=abc"[^>]*>Unsubscribe<\/a>/,
    );
    assert.ok(text.includes('Faster <reports>\nTwice as fast.\nhttps://www.dcipher.io/a?x=1&y=2'));
    assert.ok(text.includes('Studio\nThemes.\nhttps://www.dcipher.io/b'));
    assert.ok(
      text.endsWith(
        'Unsubscribe from Dcipher emails about product news:\nhttps://www.dcipher.io/unsubscribe?email=a%40b.co&token=abc\n',
      ),
    );
  });

  it('refuses item and unsubscribe URLs that are not http(s)', () => {
    for (const content of [
      { items: [{ title: 't', text: 'x', url: 'javascript:alert(1)' }] },
      { unsubscribeUrl: 'mailto:unsubscribe@dcipher.io' },
    ]) {
      assert.throws(
        () => renderEmailLayout({ heading: 'x', paragraphs: [], ...content }),
        /must start with http/,
      );
    }
  });
});
