/** Machine-readable error codes of the API's error body. */
export const ERROR_CODES = [
  'bad_request',
  'validation_error',
  'unauthorized',
  'invalid_credentials',
  'not_a_creator',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'service_unavailable',
  'insufficient_storage',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every API error answers with this body, whatever the status. */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Field-level messages keyed by form path, when the error is about specific inputs. */
    fields?: Record<string, string>;
  };
}
