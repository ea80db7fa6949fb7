// Every refusal of the sandbox is a ServiceError: an HTTP status plus the service's error body.
// The codes below 186 that the spec leaves open are ours and are listed in the README.

export const ErrorCode = {
  malformedBody: 101,
  invalidApiKey: 102,
  unknownProfileKey: 103,
  missingField: 104,
  invalidField: 105,
  unsupportedNetwork: 106,
  tooManyIds: 107,
  emptyText: 108,
  networkNotLinked: 109,
  commentsDisabled: 110,
  replyWindowClosed: 111,
  conversationLimit: 112,
  textTooLong: 113,
  unknownId: 114,
  duplicateTitle: 115,
  noConversation: 116,
  conversationTaken: 117,
  planRequired: 120,
  profileSuspended: 121,
  unknownEndpoint: 130,
  methodNotAllowed: 131,
  bodyTooLarge: 132,
  rateLimited: 140,
  injectedFault: 150,
  internal: 199,
  analyticsIdNotFound: 186,
  replyFailed: 215,
  wrongXCredentials: 272,
  notOwnComment: 328,
  messagingNotEnabled: 361,
  relinkRequired: 362,
  xCredentialsRequired: 419,
} as const;

export class ServiceError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  /** Headers the answer carries besides the usual ones (`connection: close` after an unread body). */
  readonly headers: Record<string, string>;

  constructor(status: number, body: Record<string, unknown> & { code: number; message: string }, headers: Record<string, string> = {}) {
    super(body.message);
    this.status = status;
    this.body = { status: 'error', ...body };
    this.headers = headers;
  }
}

export function badRequest(code: number, message: string): ServiceError {
  return new ServiceError(400, { code, message });
}

export function notFound(message: string): ServiceError {
  return new ServiceError(404, { code: ErrorCode.unknownId, message });
}

/** The per-network error object of the reply, comment and delete operations. */
export interface PlatformError {
  action: string;
  status: 'error';
  code: number;
  message: string;
  /** A network's name, or the name the caller sent when it is no network the service knows. */
  platform: string;
}

export function platformError(action: string, platform: string, code: number, message: string): PlatformError {
  return { action, status: 'error', code, message, platform };
}

/** A refusal of one operation on one network, as the service reports 215 and 328. */
export function operationFailed(error: PlatformError): ServiceError {
  return new ServiceError(400, { code: error.code, message: error.message, errors: [error] });
}
