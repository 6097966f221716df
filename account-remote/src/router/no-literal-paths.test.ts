import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const sourceRoot = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The string literals of a file (comments are not code), with their line. */
function stringLiterals(file: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteralLike(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      found.push({ text: node.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('paths in the remote', () => {
  it('come from browser-routes.ts: no literal /account… path in the remote’s sources', () => {
    const literal = /^\/account(\/|$|\?)/;
    const offenders = sourceFiles(sourceRoot).flatMap((file) =>
      stringLiterals(file)
        .filter(({ text }) => literal.test(text))
        .map(({ text, line }) => `${relative(sourceRoot, file)}:${line} '${text}'`),
    );
    expect(offenders).toEqual([]);
  });

  it('the check finds a literal path in code and ignores one in a comment', () => {
    const file = join(__dirname, '__literal-sample.tsx');
    const sample = ts.createSourceFile(
      file,
      "// '/account/password' in a comment\nconst to = '/account/password';\nconst el = <a href=\"/account\">x</a>;",
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    const texts: string[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteralLike(node)) texts.push(node.text);
      ts.forEachChild(node, visit);
    };
    visit(sample);
    expect(texts).toEqual(['/account/password', '/account']);
  });
});
