import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { allRoutes } from '@dcipher/shared/routes';
import ts from 'typescript';
import { sourceFiles, sourceRoot } from '../test-support/source-files';

/**
 * The string literals of a source text (comments are not code), with their line: plain strings, JSX attribute
 * strings and each piece of a template literal (`/signup?plan=${id}` gives `/signup?plan=`). `afterValue`: the
 * piece follows a `${…}` (`${origin}/pricing`), so it starts no path of its own when it is just a `/`.
 */
function stringLiterals(
  fileName: string,
  text: string,
): { text: string; line: number; afterValue: boolean }[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found: { text: string; line: number; afterValue: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteralLike(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      found.push({
        text: node.text,
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        afterValue: ts.isTemplateMiddle(node) || ts.isTemplateTail(node),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A literal that is, or starts with, the path of a declared route of `browser-routes.ts` (any route: the account
 * area's, the sign-in screens', the site's pages): the path itself, or followed by `/…`, `?…` or `#…`. A `{name}`
 * segment matches any segment, an empty one too (the head of a template literal, `/new-password/${token}`).
 */
const routePathPatterns = allRoutes.map((route) => ({
  home: route.id === 'home',
  pattern: new RegExp(
    `^${route.path
      .split(/\{\w+\}/)
      .map(escapeRegExp)
      .join('[^/?#]*')}(?:$|[/?#])`,
  ),
}));
/** After a `${…}`, a lone `/` (or `/?…`) is a separator (`${route.path}/`), not the home page's path. */
const isRoutePath = (text: string, afterValue = false) =>
  routePathPatterns.some(({ home, pattern }) => !(home && afterValue) && pattern.test(text));

function offendersIn(fileName: string, text: string): string[] {
  return stringLiterals(fileName, text)
    .filter(({ text, afterValue }) => isRoutePath(text, afterValue))
    .map(({ text, line }) => `${relative(sourceRoot, fileName)}:${line} '${text}'`);
}

describe('paths in the remote', () => {
  it('come from browser-routes.ts: no literal path of a declared route in the remote’s sources', () => {
    const offenders = sourceFiles(sourceRoot).flatMap((file) =>
      offendersIn(file, readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('the check finds a literal path in code and ignores one in a comment', () => {
    const sample = [
      "// '/account/password' and navigate('/payment') in a comment",
      '/* <a href="/pricing"> in a block comment */',
      "const to = '/account/password';",
      'const el = <a href="/account">x</a>;',
      "navigate('/payment');",
      'const site = <a href="/pricing">Pricing</a>;',
      'const signUp = `/signup?plan=#{encodeURIComponent(id)}`;',
      'const reset = `/new-password/#{token}`;',
      "const contact = '/contact-us#form';",
      "const home = '/';",
      'const absolute = `#{origin}/pricing?plan=#{id}`;',
      // A separator after a value, not a path of its own.
      'const below = `#{route.path}/`;',
      // Not route paths: the API's, a file's, a word that only begins like a route.
      "const api = '/api/v1/users';",
      "const logo = '/logo.svg';",
      "const near = '/paymentsomething';",
    ]
      .join('\n')
      // The sample's `${…}` are written `#{…}` here, so that they are no placeholders of this file.
      .replaceAll('#{', '$' + '{');
    expect(offendersIn(join(sourceRoot, 'sample.tsx'), sample)).toEqual([
      "sample.tsx:3 '/account/password'",
      "sample.tsx:4 '/account'",
      "sample.tsx:5 '/payment'",
      "sample.tsx:6 '/pricing'",
      "sample.tsx:7 '/signup?plan='",
      "sample.tsx:8 '/new-password/'",
      "sample.tsx:9 '/contact-us#form'",
      "sample.tsx:10 '/'",
      "sample.tsx:11 '/pricing?plan='",
    ]);
  });

  it('builds its list from the route table: every declared path is refused, parameters filled in', () => {
    const filled = allRoutes.map((route) => route.path.replace(/\{\w+\}/g, 'x1'));
    expect(filled.filter((path) => !isRoutePath(path))).toEqual([]);
    expect(filled).toEqual(
      expect.arrayContaining(['/pricing', '/contact-us', '/login', '/signup', '/new-password/x1']),
    );
  });
});
