// engines: any
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { accessTokenAudience, accessTokenIssuer } from '@dcipher/shared/auth';
import { AccountSchema } from '@dcipher/shared/contract';
import { generateKeyPair, SignJWT } from 'jose';
import * as v from 'valibot';
import { demoOrganization, demoPassword } from '../../db/seed-demo-data.js';
import { bodyOf } from '../../test-support/error-body.js';
import { demoAdmin, logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { deleteUser } from '../people/account-deletion.js';
import { ensureOrganization } from '../people/organization-repository.js';
import { findUserByEmail, insertUser } from '../people/user-repository.js';

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
    const organization = { id: randomUUID(), name: 'Short-lived', customerType: 'Individual' } as const;
    await ensureOrganization(server.database, organization);
    const leaver = await insertUser(server.database, {
      email: 'leaver@example.com',
      firstName: 'Lee',
      lastName: 'Leaver',
      passwordHash: (await findUserByEmail(server.database, demoAdmin.email))?.passwordHash ?? null,
      status: 'Active',
      organizationId: organization.id,
      role: 'admin',
      emailVerified: true,
    });
    const { accessToken } = await logIn(server.app, { email: 'leaver@example.com', password: demoPassword });
    assert.equal((await getAccount(`Bearer ${accessToken}`)).statusCode, 200);

    // Deleted behind the API's back (an operator's SQL): the database announces it, and every process forgets what
    // it remembered of the user as it hears it, within milliseconds (decision 0069); 5 s is the bound here, for a busy machine.
    await deleteUser(server.database, leaver?.id ?? '');
    const deletedAt = Date.now();
    let response = await getAccount(`Bearer ${accessToken}`);
    while (response.statusCode === 200 && Date.now() - deletedAt < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      response = await getAccount(`Bearer ${accessToken}`);
    }
    assert.equal(response.statusCode, 401);
    assert.deepEqual(bodyOf(response), unauthorized);
  });
});
