export {
  type ApiClient,
  type ApiClientOptions,
  assertRequiredParameters,
  createApiClient,
} from './api-client.js';
export { ApiError, RequiredParameterError } from './api-error.js';
