// Language misfiling (issue 34 point 3; docs/decisions/0101): how often the default engine's language detection
// gives short or technical English another language (or `und`) when English is expected (the filter "en"), and how
// often it still recognises other languages. Measured on text no threshold was chosen on (the held-out half):
//   - Debian changelog entries and their single lines from the packages on this machine named m to z
//     (/usr/share/doc/*/changelog.Debian.gz; the thresholds were chosen on those named a to l);
//   - the sentences written for the engine's test (api/src/engine/test-corpus/language-samples.json);
//   - public labelled review sentences (UCI Sentiment Labelled Sentences, CC BY 4.0, as shipped in the `sentiment`
//     package's test fixtures: yelp and imdb held out; amazon was the tuning set) when that package is installed;
//   - translated program messages of 40 letters or more (German, French, Spanish…) from /usr/share/locale (msgunfmt,
//     files named m to z) for the other languages.
// Sets missing on a machine are said to be missing, not counted.
import { spawnSync } from 'node:child_process';

const script = String.raw`
  import { existsSync, readdirSync, readFileSync } from 'node:fs';
  import { gunzipSync } from 'node:zlib';
  import { execFileSync } from 'node:child_process';
  import { createRequire } from 'node:module';
  import { detectLanguage } from './src/engine/language-detection.ts';
  const heldOut = (name) => /^[m-z]/i.test(name);
  const sample = (list, n) => list.length <= n ? list : Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)]);
  const letters = (text) => (text.match(/\p{L}/gu) ?? []).length;
  const rows = [];
  const english = (set, texts) => {
    if (texts.length === 0) return rows.push({ set, texts: 0, misfiled: 'not on this machine' });
    const wrong = {};
    let misfiled = 0;
    for (const text of texts) {
      const language = detectLanguage(text, { expected: 'en' });
      if (language !== 'en') { misfiled += 1; wrong[language] = (wrong[language] ?? 0) + 1; }
    }
    rows.push({ set, texts: texts.length, misfiled: ((misfiled / texts.length) * 100).toFixed(1) + ' %', as: Object.entries(wrong).sort((a, b) => b[1] - a[1]).slice(0, 4).map(([l, n]) => l + ' ' + n).join(', ') });
  };
  const entries = [], lines = [];
  if (existsSync('/usr/share/doc')) for (const dir of readdirSync('/usr/share/doc').filter(heldOut)) {
    const file = '/usr/share/doc/' + dir + '/changelog.Debian.gz';
    if (!existsSync(file)) continue;
    let text; try { text = gunzipSync(readFileSync(file)).toString('utf8'); } catch { continue; }
    let body = null;
    for (const line of text.split('\n')) {
      if (/^\S.*\(.*\).*;.*urgency=/i.test(line)) { body = []; continue; }
      if (/^ -- /.test(line)) {
        if (body?.length) {
          const entry = body.join('\n').trim();
          if (entry) entries.push(entry);
          for (const bodyLine of body) { const item = bodyLine.match(/^\s+[*+-]\s+(.*)/); if (item) lines.push(item[1]); }
        }
        body = null; continue;
      }
      if (body) body.push(line);
    }
  }
  english('changelog entries (m-z)', sample(entries, 2000));
  english('changelog lines (m-z)', sample(lines, 3000));
  const samples = JSON.parse(readFileSync('src/engine/test-corpus/language-samples.json', 'utf8'));
  english('short reviews (written)', samples.englishReviews);
  english('changelog lines (written)', samples.englishChangelog);
  let fixtures = null;
  try { fixtures = createRequire(import.meta.url).resolve('sentiment/package.json').replace(/package\.json$/, 'test/fixtures/'); } catch {}
  for (const name of ['yelp', 'imdb']) {
    const file = fixtures && fixtures + name + '.json';
    english('review sentences (' + name + ')', file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).map((entry) => entry.text) : []);
  }
  const foreign = [];
  for (const language of ['de', 'fr', 'es', 'it', 'pt', 'nl']) {
    const dir = '/usr/share/locale/' + language + '/LC_MESSAGES';
    const texts = [];
    if (existsSync(dir)) for (const file of readdirSync(dir).filter(heldOut)) {
      let po; try { po = execFileSync('msgunfmt', [dir + '/' + file], { encoding: 'utf8', maxBuffer: 1e8, stdio: ['ignore', 'pipe', 'ignore'] }); } catch { continue; }
      for (const match of po.matchAll(/\nmsgstr "((?:[^"\\]|\\.)*)"((?:\n"(?:[^"\\]|\\.)*")*)/g)) {
        const text = (match[1] + match[2].split('\n').map((part) => part.slice(1, -1)).join('')).replace(/\\n|\\t/g, ' ').trim();
        if (letters(text) >= 40 && letters(text) < 200) texts.push(text);
      }
    }
    const picked = sample(texts, 1000);
    const recognised = picked.filter((text) => detectLanguage(text, { expected: 'en' }) === language).length;
    foreign.push({ language, texts: picked.length, recognised: picked.length ? ((recognised / picked.length) * 100).toFixed(1) + ' %' : 'not on this machine' });
  }
  console.log(JSON.stringify({ rows, foreign }));
`;

/** Prints the language misfiling rates of the engine in `apiDir` (run from its sources with tsx). */
export function printLanguageMisfiling(apiDir) {
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: apiDir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (child.status !== 0) {
    console.error(`The language misfiling measure failed (exit ${child.status}).`);
    return;
  }
  const { rows, foreign } = JSON.parse(child.stdout.trim().split('\n').pop());
  console.log('\nLanguage misfiling with English expected (filter "en"; held-out sets, decision 0101):');
  console.table(rows);
  console.log(
    'Other languages still recognised with English expected (program messages of 40 to 199 letters, m-z):',
  );
  console.table(foreign);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { resolve } = await import('node:path');
  printLanguageMisfiling(resolve(process.argv[2] ?? new URL('../../api', import.meta.url).pathname));
}
