import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { permissionTableMarkdown } from './permission-table.js';

describe("the README's permission table", () => {
  it('is the declared policy, word for word (regenerate it with permissionTableMarkdown() when the policy changes)', () => {
    const readme = readFileSync(join(__dirname, '..', '..', '..', 'README.md'), 'utf8');
    const start = '<!-- permission-table:start -->';
    const end = '<!-- permission-table:end -->';
    expect(readme).toContain(start);
    const table = readme.slice(readme.indexOf(start) + start.length, readme.indexOf(end)).trim();
    // The README's formatter may pad the columns: compare cell by cell.
    const cells = (markdown: string) =>
      markdown.split('\n').map((line) =>
        line
          .split('|')
          .map((cell) => cell.trim().replace(/^-+$/, '---'))
          .join('|'),
      );
    expect(cells(table)).toEqual(cells(permissionTableMarkdown()));
  });
});
