#!/usr/bin/env node
// The engine's reference hash (issue 34 point 8, decisions 0109 and 0118): every result a speed change must leave
// as it was, hashed. The annotation and both language guesses of 3,000 bench documents, the 3,000 labelled review
// sentences of the `sentiment` package's fixtures and the unusual texts below; each analysis type's result, files and
// document index on 6,000 bench documents (seed 20240401), on the sentences and on the unusual texts, with and
// without the language filter; news with an article limit and by day, trends by week on volume. A change that keeps
// every result prints the same hash as before it (main's engine: `--api-dir` on an export of main's api/).
//
// Usage: node infra/bench/engine-reference.mjs [--api-dir=api] [--verbose]
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repositoryRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const apiDir = resolve(option('api-dir', join(repositoryRoot, 'api')));
const verbose = process.argv.includes('--verbose');
const corpusModule = pathToFileURL(join(repositoryRoot, 'infra', 'bench', 'flows-corpus.mjs')).href;

const script = `
  import { createHash } from 'node:crypto';
  import { createRequire } from 'node:module';
  import { readFileSync } from 'node:fs';
  import { generateCorpus } from ${JSON.stringify(corpusModule)};
  import { createDefaultExecutor } from './src/engine/index.ts';
  import { annotateText } from './src/engine/text-annotator.ts';
  import { detectLanguage } from './src/engine/language-detection.ts';

  const require = createRequire(process.cwd() + '/package.json');
  const hash = (value) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
  const all = createHash('sha256');
  const record = (label, value) => { const h = hash(value); all.update(label + h); if (${verbose}) console.log(label.padEnd(44), h); };

  const generated = generateCorpus({ count: 6000, seed: 20240401 });
  const labelled = ['amazon', 'imdb', 'yelp'].flatMap((set) => require('sentiment/test/fixtures/' + set + '.json'))
    .map((entry, i) => ({ id: 'l' + i, text: String(entry.text ?? '') }));
  const unusualTexts = [
    'cannot.', '…but in fact they cannot.', 'Cannot!', "won't", "can't.", 'dont, isnt? theyre. youre! couldnt; ive.',
    "y'all ain't gonna, lemme 'tis", '😀🎉🔥', '👩‍👩‍👧‍👦🏳️‍🌈', '', '   \\n\\t ', '0123456789', '3.14 2024-03-05 12:00 50% $499 #1',
    '<p>Great &amp; <b>cheap</b></p><script>alert(1)</script><!-- x -->', '<<<<<<<<<<', '</a></a><a href="',
    '分析这些评论的情绪和关键词。', 'هذا نص عربي للتحليل.', 'Это русский текст для анализа.', 'ﾊﾝｶｸ カタカナ ひらがな 漢字',
    '\\u0000\\u0001\\u001f\\u007f', '\\ud800 \\udfff', '\\u202e\\u2066 mirrored', 'a\\u0301\\u0301\\u0301',
    'someone@example.com https://example.com/a?b=c @handle #tag', "'s 's 'S", '.....!!!???',
    'x'.repeat(20000), 'z1'.repeat(10000), 'cannot. '.repeat(2000), '😀'.repeat(5000), 'a@'.repeat(5000),
    'NOT GOOD AT ALL!!! :( but the staff were GREAT :) 5/5 stars, thumbs up 👍', 'CVE-2023-1234 fixed in 1.2.3-4; see bug #99876.',
    'Apple Inc. and Microsoft Corp. met in New York on 3 March 2024 at 12:00 for $1.5 million.',
    ...Object.values(JSON.parse(readFileSync('./src/engine/test-corpus/language-samples.json', 'utf8'))).filter(Array.isArray).flat().map(String),
  ];
  const unusual = unusualTexts.map((text, i) => ({ id: 'u' + i, text, source: i % 3 ? 'S' + (i % 4) : undefined, publishedAt: i % 5 ? new Date(Date.UTC(2024, 0, 1 + (i % 40))).toISOString() : undefined }));

  for (const [label, docs] of [['generated', generated.slice(0, 3000)], ['labelled', labelled], ['unusual', unusual]]) {
    const texts = docs.map((d) => (d.title ? d.title + '.\\n\\n' : '') + d.text);
    record('annotations ' + label, texts.map((t) => { try { return annotateText(t); } catch (e) { return 'throws ' + e.message; } }));
    record('languages ' + label, texts.map((t) => [detectLanguage(t, { expected: 'en' }), detectLanguage(t, { expected: 'fr' })]));
  }
  const executor = createDefaultExecutor();
  for (const [label, docs] of [['generated', generated], ['labelled', labelled], ['unusual', unusual]]) {
    for (const analysisType of ['contentAnalysis', 'trendDetection', 'newsAnalysis', 'narrativeAnalysis']) {
      for (const language of [undefined, 'en']) {
        const outcome = await executor.execute({ analysisType, documents: docs, ...(language && { language }) });
        record(analysisType + ' ' + label + ' ' + (language ?? '-') + ' result', outcome.result);
        record(analysisType + ' ' + label + ' ' + (language ?? '-') + ' files', outcome.files);
        record(analysisType + ' ' + label + ' ' + (language ?? '-') + ' index', outcome.documentIndex);
      }
    }
  }
  for (const request of [{ analysisType: 'newsAnalysis', articleLimit: 1000 }, { analysisType: 'trendDetection', trendMetric: 'volume', period: 'week' }, { analysisType: 'newsAnalysis', period: 'day' }]) {
    record(JSON.stringify(request), await executor.execute({ ...request, documents: generated.slice(0, 3000) }));
  }
  console.log('engine reference ' + all.digest('hex').slice(0, 24));
`;

const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
  cwd: apiDir,
  env: process.env,
  encoding: 'utf8',
  stdio: ['ignore', 'inherit', 'inherit'],
});
process.exit(child.status ?? 1);
