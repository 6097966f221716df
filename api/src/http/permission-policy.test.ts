// engines: any
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  allEndpoints,
  type EndpointDefinition,
  errorCodes,
  permissionRefusal,
} from '@dcipher/shared/contract';
import { isPermitted, type PermissionSubject } from '@dcipher/shared/domain';
import { permissionDeniedMessage } from '@dcipher/shared/validation';
import { demoPassword, demoUsers } from '../db/seed-demo-data.js';
import { sourceDirectory } from '../test-support/api-paths.js';
import { errorBodyOf } from '../test-support/error-body.js';
import { individualSignUp, signUp } from '../test-support/sign-up.js';
import { logIn, startTestServer, type TestServer } from '../test-support/test-server.js';
import { toFastifyPath } from './register-endpoint.js';

/** A value for every path placeholder: the endpoints only need something well-formed to get past the check. */
const samplePathValues: Record<string, string> = { email: 'nobody@example.com' };

const urlOf = (endpoint: EndpointDefinition) =>
  toFastifyPath(endpoint.path).replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    encodeURIComponent(samplePathValues[name] ?? 'x'),
  );

const bearerEndpoints = allEndpoints.filter((endpoint) => endpoint.auth === 'bearer');

/** The callers of the walk: one user per organization role, and Dcipher staff. */
const callers = [
  { name: 'an admin', email: 'admin@demo.dcipher.local' },
  { name: 'a teammate', email: 'teammate@demo.dcipher.local' },
  { name: 'a guest', email: 'guest@demo.dcipher.local' },
  { name: 'an internal admin', email: 'staff@demo.dcipher.local' },
].map((caller) => {
  const user = demoUsers.find((demoUser) => demoUser.email === caller.email)!;
  const subject: PermissionSubject = {
    kind: 'user',
    role: user.role,
    internalAdmin: user.internalAdmin === true,
  };
  return { ...caller, subject };
});

describe('the permission policy, enforced on every contract endpoint', () => {
  let server: TestServer;
  const tokens = new Map<string, string>();
  before(async () => {
    server = await startTestServer();
    for (const caller of callers) {
      tokens.set(
        caller.email,
        (await logIn(server.app, { email: caller.email, password: demoPassword })).accessToken,
      );
    }
  });
  after(() => server.close());

  const call = (endpoint: EndpointDefinition, token: string) =>
    server.app.inject({
      method: endpoint.method,
      url: urlOf(endpoint),
      headers: { authorization: `Bearer ${token}` },
      ...(endpoint.body && { payload: {} }),
    });

  it('has every bearer endpoint declare a permission, and no public one', () => {
    assert.ok(bearerEndpoints.length > 0);
    for (const endpoint of allEndpoints) {
      if (endpoint.auth === 'bearer')
        assert.ok(endpoint.permission, `${endpoint.operation} declares no permission`);
      else
        assert.equal(
          endpoint.permission,
          undefined,
          `${endpoint.operation} is public yet declares a permission`,
        );
    }
  });

  for (const caller of callers) {
    it(`refuses ${caller.name} exactly what the policy refuses`, async () => {
      for (const endpoint of bearerEndpoints) {
        const response = await call(endpoint, tokens.get(caller.email)!);
        const refused = response.statusCode === 403 && response.json().code === errorCodes.forbidden;
        const label = `${endpoint.operation} (${endpoint.method} ${endpoint.path}) for ${caller.name}`;
        if (isPermitted(caller.subject, endpoint.permission)) {
          assert.equal(refused, false, `${label} was refused: ${response.body}`);
        } else {
          assert.equal(response.statusCode, 403, `${label} was not refused: ${response.body}`);
          assert.deepEqual(
            errorBodyOf(response),
            {
              statusCode: 403,
              error: 'Forbidden',
              message: permissionDeniedMessage(endpoint.permission),
              code: errorCodes.forbidden,
              params: permissionRefusal(endpoint.permission),
            },
            label,
          );
        }
      }
    });
  }

  it("lets sign-up's payment-setup token add a card and reach nothing else", async () => {
    const response = await signUp(server.app, individualSignUp({ email: 'walker@example.com' }), '10.9.0.1');
    assert.equal(response.statusCode, 201, response.body);
    const paymentSetupToken: string = response.json().paymentSetupToken;
    for (const endpoint of bearerEndpoints) {
      const answer = await call(endpoint, paymentSetupToken);
      const label = `${endpoint.operation} with a payment-setup token`;
      if (endpoint.acceptsPaymentSetupToken) {
        assert.ok(isPermitted({ kind: 'payment-setup' }, endpoint.permission), label);
        // Past the token and the permission: the empty body is what is wrong.
        assert.equal(answer.statusCode, 400, `${label}: ${answer.body}`);
      } else {
        assert.equal(answer.statusCode, 401, `${label}: ${answer.body}`);
      }
    }
  });
});

describe('role checks by hand', () => {
  const modulesDirectory = join(sourceDirectory, 'modules');

  async function sourceFiles(directory: string): Promise<string[]> {
    const entries = await readdir(directory, { withFileTypes: true });
    const files = await Promise.all(
      entries.map((entry) => {
        const path = join(directory, entry.name);
        if (entry.isDirectory()) return sourceFiles(path);
        return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
      }),
    );
    return files.flat();
  }

  it('are nowhere in the modules: no route or service compares a role to a literal', async () => {
    // `role === 'admin'`, `'guest' !== user.role`...: permissions come from the declared policy only. SQL that
    // selects users by role (`role = 'admin'` in a query) is data access, not a permission check.
    const comparison = /\brole\s*[!=]==\s*['"`]|['"`]\s*[!=]==\s*[\w.]*\brole\b/;
    const offenders: string[] = [];
    for (const file of await sourceFiles(modulesDirectory)) {
      const source = await readFile(file, 'utf8');
      source.split('\n').forEach((line, index) => {
        if (comparison.test(line)) offenders.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    assert.deepEqual(offenders, []);
  });
});
