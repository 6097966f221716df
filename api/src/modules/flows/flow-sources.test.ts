// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { documentsOfSources } from './flow-sources.js';

describe('the documents of fetched sources', () => {
  it('drop the NUL characters of a feed or a page, which no PostgreSQL text column stores, and keep the rest', async () => {
    const feed =
      '<?xml version="1.0"?><rss version="2.0"><channel><title>Grid</title>' +
      '<item><title>Wind\u0000 report</title><description>Wind output rose.\u0000</description><guid>1</guid></item>' +
      '<item><title>\u0000</title><description>\u0000</description><guid>2</guid></item>' +
      '</channel></rss>';
    const page = '<html><body><p>The heat pump\u0000 is quiet.</p></body></html>';
    const documents = await documentsOfSources(
      [
        { kind: 'news', group: 'news', format: 'rss', url: 'https://grid.example/feed.xml' },
        { kind: 'public-url', group: 'url', url: 'https://grid.example/pump' },
        { kind: 'public-url', group: 'url', url: 'https://grid.example/nothing' },
      ],
      {
        uploads: [],
        fetched: [
          [0, feed],
          [1, page],
          [2, '<p>\u0000</p>'],
        ],
      },
    );
    assert.ok(
      documents.every((document) => !JSON.stringify(document).includes('\\u0000')),
      JSON.stringify(documents),
    );
    assert.deepEqual(
      documents.map((document) => document.text),
      ['Wind report. Wind output rose.', 'The heat pump is quiet.'],
    );
  });
});
