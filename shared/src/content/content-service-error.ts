export type ContentServiceErrorCode = 'UNAUTHORIZED' | 'HTTP_ERROR' | 'INVALID_RESPONSE' | 'NETWORK';

/** A failed content (CMS) request; `status` is the HTTP status, 0 when no answer came. */
export class ContentServiceError extends Error {
  override readonly name = 'ContentServiceError';

  constructor(
    message: string,
    readonly code: ContentServiceErrorCode,
    readonly status: number,
  ) {
    super(message);
  }
}
