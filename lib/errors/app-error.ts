/**
 * The one error type Arbor throws on purpose. `code` decides the HTTP status; `message` is
 * shown to the user and must say what went wrong and what to do next. `details` is safe,
 * structured context for the UI (never a stack or an internal path the user did not give).
 */
export const ERROR_STATUS = {
  bad_request: 400,
  invalid_input: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  precondition_failed: 412,
  git_failed: 502,
  claude_failed: 502,
  unavailable: 503,
  internal: 500,
} as const;

export type AppErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: AppErrorCode, message: string, options?: { details?: Record<string, unknown>; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.details = options?.details;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof Error && (value as { name?: string }).name === "AppError" && "code" in value;
}
