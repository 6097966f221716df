export {
  type ApiClient,
  type ApiClientOptions,
  assertRequiredParameters,
  type CallOptions,
  createApiClient,
  type UploadProgress,
} from './api-client.js';
export { ApiError, RequiredParameterError } from './api-error.js';
