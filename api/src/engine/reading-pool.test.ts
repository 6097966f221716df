// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  chunkDecoder,
  chunkEncoder,
  type ReadText,
  readInParallel,
  readingChunkSize,
  readingHelpers,
} from './reading-pool.js';
import { annotateText } from './text-annotator.js';

const texts = [
  'The battery lasts two days. Great camera, #photos by @anna: https://example.com on 3 March 2024.',
  'Not tasty and the texture was just nasty.',
  'Bump Standards-Version to 4.6.2 (closes: #123456).',
  'The battery died. The camera is great.',
];

describe('the reading pool (issue 34 point 8)', () => {
  it('sends read texts compactly and gets back exactly what was read, a failure as its message', () => {
    const read: ReadText[] = texts.map((text) => ({ language: 'en', annotation: annotateText(text) }));
    read.splice(2, 0, { failure: 'the text could not be read' });
    const encode = chunkEncoder();
    const decode = chunkDecoder();
    // Two chunks through one table of strings: the second repeats the first's words without sending them again.
    const first = encode(0, read.slice(0, 3));
    const second = encode(3, read.slice(3));
    assert.ok(!second.strings.includes('battery'), 'a string is sent once');
    const back = [...decode(structuredClone(first)), ...decode(structuredClone(second))];
    assert.deepEqual(back, read);
  });

  it('shares the texts between the threads through one queue, in their order', async () => {
    const many = Array.from({ length: 400 }, (_, index) => `${texts[index % texts.length]} (${index})`);
    let own = 0;
    const queue = new SharedArrayBuffer(4);
    const taken = new Int32Array(queue);
    const read = await readInParallel(
      {
        texts: many,
        languages: many.map(() => null),
        needsLanguage: false,
        expected: 'en',
        undetermined: 'und',
      },
      {
        helpers: 1,
        queue,
        readOne: (index) => {
          // The calling thread, on its first text, waits until another has taken a chunk from the queue (the helper,
          // once it has loaded wink-nlp's model): a wait for that event however loaded the machine, bounded at 120 s
          // only against a hang.
          const until = performance.now() + 120_000;
          while (index === 0 && Atomics.load(taken, 0) <= readingChunkSize && performance.now() < until);
          own += 1;
          return { language: 'und', annotation: annotateText(many[index]!) };
        },
      },
    );
    assert.deepEqual(
      read,
      many.map((text) => ({ language: 'und', annotation: annotateText(text) })),
    );
    assert.ok(own < many.length, 'the helper read some of the texts');
  });

  it('starts one helper per other core, at most three', () => {
    assert.equal(readingHelpers(1), 0);
    assert.equal(readingHelpers(2), 1);
    assert.equal(readingHelpers(16), 3);
  });
});
