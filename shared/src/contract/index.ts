import * as account from './account.js';
import * as auth from './auth.js';
import type { EndpointDefinition } from './endpoint.js';
import * as system from './system.js';

export { type Account, AccountSchema } from './account.js';
export { type Credentials, CredentialsSchema, type TokenPair, TokenPairSchema } from './auth.js';
export {
  defineEndpoint,
  type EndpointDefinition,
  type EndpointInput,
  type EndpointOutput,
  type EndpointRequest,
  type HttpMethod,
  pathParameterNames,
} from './endpoint.js';
export { type ErrorBody, ErrorBodySchema, type ErrorCode, errorCodes } from './errors.js';

/** The contract, one module per API area. */
export const contract = {
  account: { getAccount: account.getAccount },
  auth: { login: auth.login, refreshToken: auth.refreshToken, logout: auth.logout },
  system: { health: system.health },
} as const;

/** Every endpoint of the contract, for registering routes and generating the OpenAPI document. */
export const allEndpoints: readonly EndpointDefinition[] = Object.values(contract).flatMap((area) =>
  Object.values(area),
);
