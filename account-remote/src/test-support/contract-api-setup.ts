import { configureAuth } from '@dcipher/shared/auth';
import { apiBaseUrl, apiServer, ProgressReportingRequest, resetContractApi } from './contract-api';

// Every test file talks to the contract's MSW API (contract-api.ts) through the real client; a request no handler
// of the contract matches fails the test.
configureAuth({ apiBaseUrl, cookieDomain: 'localhost' });

beforeAll(() => {
  apiServer.listen({ onUnhandledRequest: 'error' });
  // File uploads report their progress part-way (contract-api.ts), and reach MSW through fetch.
  globalThis.XMLHttpRequest = ProgressReportingRequest as unknown as typeof XMLHttpRequest;
});
afterEach(() => resetContractApi());
afterAll(() => apiServer.close());
