// engines: any
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { sourceDirectory } from '../../test-support/api-paths.js';

const modulesDirectory = path.join(sourceDirectory, 'modules');

/**
 * SQL that reads or writes the people module's tables: `from users`, `join organizations`, `update users`..., and
 * the same through Kysely: `selectFrom('users')`, `innerJoin('organizations as o', ...)`, `updateTable('users')`...
 */
const peopleTableSql =
  /\b(?:(?:from|join|update|into|table|references)\s+(?:only\s+)?|(?:selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|innerJoinLateral|leftJoinLateral|crossJoinLateral|using)\(\s*\[?\s*['"`])(?:users|organizations)\b/i;

async function sourceFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the people module owns users and organizations', () => {
  it('no other module has SQL on the users or organizations tables', async () => {
    const offenders: string[] = [];
    for (const file of await sourceFiles(modulesDirectory)) {
      if (path.relative(modulesDirectory, file).split(path.sep)[0] === 'people') continue;
      const lines = (await readFile(file, 'utf8')).split('\n');
      lines.forEach((line, index) => {
        if (peopleTableSql.test(line)) {
          offenders.push(`${path.relative(modulesDirectory, file)}:${index + 1}: ${line.trim()}`);
        }
      });
    }
    assert.deepEqual(offenders, [], 'go through api/src/modules/people instead');
  });

  it('recognises the SQL it guards against', () => {
    for (const sql of [
      'select 1 from users where id = $1',
      'join organizations o on o.id = u.organization_id',
      'update users set email = $2',
      'insert into organizations (name) values ($1)',
      'delete from Users where id = $1',
      ".selectFrom('users')",
      '.innerJoin("organizations as o", "o.id", "users.organizationId")',
      ".updateTable('users').set({ email })",
      ".insertInto('organizations')",
      ".deleteFrom(['users'])",
    ]) {
      assert.ok(peopleTableSql.test(sql), sql);
    }
    for (const text of [
      '// Organizations without a trial end count as active',
      ".selectFrom('organization_activity')",
      ".selectFrom('usersCount')",
    ]) {
      assert.ok(!peopleTableSql.test(text), text);
    }
  });
});
