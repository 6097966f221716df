import { createApiClient } from '../client/index.js';
import { contract } from './index.js';

/** A client whose fetch must never be called: the contract refuses before anything is sent. */
const offlineClient = () => {
  const fetch = jest.fn();
  return { api: createApiClient({ baseUrl: 'http://api.test', fetch }), fetch };
};

describe('POST /verifyToken from a client', () => {
  it('refuses a missing body with the spec message, sending nothing', async () => {
    const { api, fetch } = offlineClient();
    // @ts-expect-error the body is required by the contract
    await expect(api.call(contract.tokens.verifyToken, {})).rejects.toThrow(
      'Required parameter verifyTokenInput was null or undefined when calling verifyToken.',
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});
