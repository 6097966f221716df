import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { sourceFiles, sourceRoot } from '../test-support/source-files';

/**
 * URL state goes through the router, typed by each route's declared query (`useRouteQuery`, `routeQueryOf`,
 * docs/decisions/0119 and 0122): a screen or kit module that parses the browser's address itself reads parameters no
 * route declares, and a renamed parameter would not be caught by the compiler. The router is the one place that reads
 * `window.location`.
 */
describe('the address is read through the router', () => {
  const outsideRouter = sourceFiles(sourceRoot).filter(
    (file) => !relative(sourceRoot, file).startsWith('router/'),
  );

  it('finds the sources', () => {
    expect(outsideRouter.length).toBeGreaterThan(50);
  });

  it('has no screen or kit module read window.location.search or parse a location with URLSearchParams', () => {
    const offenders = outsideRouter.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          /window\.location\.search|URLSearchParams\([^)]*location/.test(line)
            ? [`${relative(sourceRoot, file)}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});
