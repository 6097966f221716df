import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { accessTokenAudience, accessTokenIssuer } from '@dcipher/shared/auth';
import { AccountSchema } from '@dcipher/shared/contract';
import { generateKeyPair, SignJWT } from 'jose';
import * as v from 'valibot';
import { demoOrganization, demoPassword } from '../../db/seed-demo-data.js';
import { bodyOf } from '../../test-support/error-body.js';
import { demoAdmin, logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';

describe('GET /account', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const getAccount = (authorization?: string) =>
    server.app.inject({ method: 'GET', url: '/account', headers: authorization ? { authorization } : {} });

  const unauthorized = {
    statusCode: 401,
    error: 'Unauthorized',
    message: 'Unauthorized',
    code: 'UNAUTHORIZED',
  };

  it("answers the signed-in user's account", async () => {
    const { accessToken } = await logIn(server.app);
    const response = await getAccount(`Bearer ${accessToken}`);
    assert.equal(response.statusCode, 200);
    const account = response.json();
    assert.ok(v.is(AccountSchema, account));
    assert.deepEqual(
      { ...account, id: undefined },
      {
        id: undefined,
        email: demoAdmin.email,
        firstName: 'Ada',
        lastName: 'Admin',
        phone: null,
        company: 'Demo Org',
        jobTitle: null,
        receiveEmails: false,
        status: 'Active',
        organization: { id: demoOrganization.id, name: 'Demo Org', customerType: 'Business' },
        role: 'admin',
        twoStepSetupRequired: false,
      },
    );
  });

  it('needs a bearer token', async () => {
    for (const authorization of [undefined, 'Bearer', 'Basic YWRtaW46YWRtaW4=', 'Bearer not-a-jwt']) {
      const response = await getAccount(authorization);
      assert.equal(response.statusCode, 401, String(authorization));
      assert.deepEqual(bodyOf(response), unauthorized);
    }
  });

  it('rejects a token signed by another key', async () => {
    const { accessToken } = await logIn(server.app);
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'forged' })
      .setIssuer(accessTokenIssuer)
      .setAudience(accessTokenAudience)
      .sign(privateKey);
    const response = await getAccount(`Bearer ${forged}`);
    assert.equal(response.statusCode, 401);
    assert.deepEqual(bodyOf(response), unauthorized);
  });

  it('rejects the token of a user who no longer exists', async () => {
    const [organization] = await server.database.query<{ id: string }>(
      "insert into organizations (name, customer_type) values ('Short-lived', 'Individual') returning id",
    );
    await server.database.query(
      `insert into users (email, first_name, last_name, password_hash, status, organization_id, role,
                          email_verified_at)
       select 'leaver@example.com', 'Lee', 'Leaver', password_hash, 'Active', $1, 'admin', now()
       from users where email = $2`,
      [organization?.id, demoAdmin.email],
    );
    const { accessToken } = await logIn(server.app, { email: 'leaver@example.com', password: demoPassword });
    assert.equal((await getAccount(`Bearer ${accessToken}`)).statusCode, 200);

    await server.database.query("delete from users where email = 'leaver@example.com'");
    const response = await getAccount(`Bearer ${accessToken}`);
    assert.equal(response.statusCode, 401);
    assert.deepEqual(bodyOf(response), unauthorized);
  });
});
