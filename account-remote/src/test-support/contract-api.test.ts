import {
  answerWith,
  apiBaseUrl,
  receivedCalls,
  resetContractApi,
  takeUnmatchedRequests,
} from './contract-api';

// The tests' API (contract-api.ts) finds each request's endpoint itself, in one MSW handler: what it answers, and
// what it refuses, is what one handler per endpoint answered and refused.
describe('the contract API of the component tests', () => {
  it("answers an endpoint's call from the test's answer, with the path's params", async () => {
    answerWith({ getFlow: ({ params }: { params: { flowId: string } }) => ({ id: params.flowId }) });
    const response = await fetch(`${apiBaseUrl}/flows/flow-7`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 'flow-7' });
    expect(receivedCalls()).toEqual([expect.objectContaining({ operation: 'getFlow' })]);
  });

  it('takes a static path before a parameter in the same place: /flows/uploads is not a workflow', async () => {
    const response = await fetch(`${apiBaseUrl}/flows/uploads?page=2`);
    expect(response.status).toBe(200);
    expect(receivedCalls()).toEqual([
      expect.objectContaining({ operation: 'listFlowUploads', query: { page: '2' } }),
    ]);
  });

  it('matches the method as well as the path: another method of a known path is for no endpoint', async () => {
    answerWith({ getFlow: { id: 'flow-7' } });
    await expect(fetch(`${apiBaseUrl}/flows/flow-7`, { method: 'PATCH' })).rejects.toThrow();
    expect(receivedCalls()).toEqual([]);
    expect(takeUnmatchedRequests()).toEqual(['PATCH /flows/flow-7']);
  });

  it('fails a call of an endpoint the test gave no answer for, and the test when it ends', async () => {
    answerWith({});
    const response = await fetch(`${apiBaseUrl}/flows/flow-7`);
    expect(response.status).toBe(500);
    expect(await response.text()).toMatch(/unexpected call: getFlow/);
    expect(() => resetContractApi()).toThrow('calls of endpoints this test gave no answer for: getFlow');
    // Forgotten once reported: the next test starts clean.
    expect(() => resetContractApi()).not.toThrow();
  });

  it("answers 500 when a test's answer throws what no answer stands for, and fails the test when it ends", async () => {
    answerWith({
      getFlow: () => {
        throw new TypeError('a slip in the test');
      },
    });
    const response = await fetch(`${apiBaseUrl}/flows/flow-7`);
    expect(response.status).toBe(500);
    expect(() => resetContractApi()).toThrow(
      'answers of this test that threw: getFlow (TypeError: a slip in the test)',
    );
    expect(() => resetContractApi()).not.toThrow();
  });

  it('fails a request for no endpoint of the contract as the network would, and the test when it ends', async () => {
    await expect(fetch(`${apiBaseUrl}/no-such-endpoint`)).rejects.toThrow();
    expect(() => resetContractApi()).toThrow(
      'requests for no endpoint of the contract: GET /no-such-endpoint',
    );
    expect(takeUnmatchedRequests()).toEqual([]);
  });
});
