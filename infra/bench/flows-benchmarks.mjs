#!/usr/bin/env node
// Analytics engine throughput (issue 24, benchmark): a generated corpus (20,000 short news-like documents, about
// 1 M tokens, the same for a given seed; infra/bench/flows-corpus.mjs) analysed by the default engine
// (api/src/engine, run from the API's sources with tsx) with each analysis type, next to wink-nlp's bare
// tokenisation of the same texts measured in the same process and run. Prints documents/s, tokens/s and each
// analysis's share of the bare tokenisation's tokens/s (the figure to compare across changes and machines).
//
// Usage: npm run bench:flows [-- --documents=20000 --seed=20240401 --types=contentAnalysis,trendDetection,...]
//   --api-dir: another checkout's api/ (its engine run from its sources), to measure an older version the same way.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repositoryRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const documentCount = Number(option('documents', '20000'));
const seed = Number(option('seed', '20240401'));
const types = option('types', 'contentAnalysis,trendDetection,newsAnalysis,narrativeAnalysis')
  .split(',')
  .filter(Boolean);
const apiDir = resolve(option('api-dir', join(repositoryRoot, 'api')));
const corpusModule = pathToFileURL(join(repositoryRoot, 'infra', 'bench', 'flows-corpus.mjs')).href;

// Runs in the API's directory (its dependencies, its sources through tsx); prints one JSON line of figures.
const script = `
  import winkNLP from 'wink-nlp';
  import model from 'wink-eng-lite-web-model';
  import { generateCorpus } from ${JSON.stringify(corpusModule)};
  import { createDefaultExecutor } from './src/engine/index.ts';

  const documents = generateCorpus({ count: ${documentCount}, seed: ${seed} });
  // The text the engine reads: the title, a full stop, a blank line, the text.
  const texts = documents.map((d) => d.title + '.\\n\\n' + d.text);
  const bare = winkNLP(model, []);
  const full = winkNLP(model);
  const timed = (work) => { const started = performance.now(); const value = work(); return { value, seconds: (performance.now() - started) / 1000 }; };
  const tokenise = (nlp) => { let tokens = 0; for (const text of texts) tokens += nlp.readDoc(text).tokens().length(); return tokens; };

  // Warm up the JIT and the engine's lazily loaded model on a slice, then measure.
  for (const text of texts.slice(0, 2000)) { bare.readDoc(text); full.readDoc(text); }
  const executor = createDefaultExecutor();
  await executor.execute({ analysisType: 'contentAnalysis', documents: documents.slice(0, 500) });

  const figures = { documents: documents.length, rows: [] };
  const bareRun = timed(() => tokenise(bare));
  figures.rows.push({ name: 'wink-nlp bare tokenisation', tokens: bareRun.value, seconds: bareRun.seconds });
  const fullRun = timed(() => tokenise(full));
  figures.rows.push({ name: 'wink-nlp full pipeline (readDoc)', tokens: fullRun.value, seconds: fullRun.seconds });
  for (const analysisType of ${JSON.stringify(types)}) {
    const started = performance.now();
    const { result, files } = await executor.execute({ analysisType, documents });
    const seconds = (performance.now() - started) / 1000;
    const bytes = files.reduce((sum, file) => sum + Buffer.byteLength(file.content), 0);
    const detail =
      result.analysisType === 'narrativeAnalysis' ? result.narratives.length + ' narratives, silhouette ' + result.clustering.silhouette :
      result.analysisType === 'trendDetection' ? ['rising', 'falling'].map((side) => side + ': ' + result[side].slice(0, 3).map((t) => t.term + ' ' + t.momentum).join(', ')).join('; ') :
      result.analysisType === 'newsAnalysis' ? result.sources.length + ' sources, ' + result.sourceDays.length + ' source-days' :
      'top keywords: ' + result.keywords.slice(0, 3).map((k) => k.term).join(', ');
    figures.rows.push({ name: analysisType, tokens: result.tokens, seconds, files: files.length, bytes, detail });
  }
  figures.memoryMiB = Math.round(process.memoryUsage().rss / 1048576);
  console.log(JSON.stringify(figures));
`;

console.log(
  `Analytics engine benchmark: ${documentCount.toLocaleString('en')} generated documents (seed ${seed}), engine from ${apiDir}`,
);
const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
  cwd: apiDir,
  env: process.env,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (child.status !== 0) {
  console.error(child.stdout);
  console.error(`The benchmark process failed (exit ${child.status}).`);
  process.exit(1);
}
const figures = JSON.parse(child.stdout.trim().split('\n').pop());

const bare = figures.rows[0];
const bareTokensPerSecond = bare.tokens / bare.seconds;
const table = figures.rows.map((row) => ({
  what: row.name,
  seconds: row.seconds.toFixed(2),
  'documents/s': Math.round(figures.documents / row.seconds).toLocaleString('en'),
  'tokens/s': Math.round(row.tokens / row.seconds).toLocaleString('en'),
  'vs bare tokenisation': `${((row.tokens / row.seconds / bareTokensPerSecond) * 100).toFixed(1)} %`,
  tokens: row.tokens.toLocaleString('en'),
  files: row.files === undefined ? '' : `${row.files} (${(row.bytes / 1048576).toFixed(1)} MiB)`,
}));
console.table(table);
for (const row of figures.rows.filter((entry) => entry.detail)) console.log(`  ${row.name}: ${row.detail}`);
console.log(`  peak resident memory of the benchmark process: ${figures.memoryMiB} MiB`);
console.log(
  '\nEnd to end (POST /flows/{flowId}/run to JobDone for a 1,000-document CSV): not measured. The flows API and its runs',
);
console.log('(issue 24 points 1 and 2) do not exist yet; this benchmark measures the engine alone.');
