import { ZodError } from "zod";
import { AppError, isAppError } from "./app-error.ts";

export interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

/**
 * Turns any thrown value into a status and a JSON body. Known errors keep their message;
 * unknown ones become a generic 500 so nothing internal leaks (the caller logs the stack).
 */
export function toErrorBody(error: unknown): { status: number; body: ErrorBody; isUnexpected: boolean } {
  if (isAppError(error)) {
    return { status: error.status, body: bodyOf(error), isUnexpected: false };
  }
  if (error instanceof ZodError) {
    const issues = error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    const first = issues[0];
    const message = first ? `Invalid ${first.path || "request body"}: ${first.message}` : "Invalid request";
    return {
      status: 422,
      body: { error: { code: "invalid_input", message, details: { issues } } },
      isUnexpected: false,
    };
  }
  const storage = describeStorageFailure(error);
  if (storage) return { status: 503, body: { error: { code: "unavailable", message: storage } }, isUnexpected: false };
  if (isPrismaNotFound(error)) {
    return {
      status: 404,
      body: { error: { code: "not_found", message: "That record no longer exists." } },
      isUnexpected: false,
    };
  }
  const internal = new AppError("internal", "Something went wrong inside Arbor. Check the server log for details.");
  return { status: 500, body: bodyOf(internal), isUnexpected: true };
}

function bodyOf(error: AppError): ErrorBody {
  return { error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) } };
}

function isPrismaNotFound(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2025";
}

/**
 * SQLite refusing a write is not Arbor's bug but the machine's state: say what it is and that
 * nothing was stored (each statement is atomic, so no partial rows are left behind).
 */
function describeStorageFailure(error: unknown): string | null {
  const text = error instanceof Error ? `${(error as { code?: string }).code ?? ""} ${error.message}` : "";
  if (/SQLITE_BUSY|database is locked|P1008|Operation has timed out|Timed out during query/i.test(text)) {
    return "The database is busy: another program holds a lock on Arbor's database. Try again in a moment; nothing was changed.";
  }
  if (
    /SQLITE_READONLY|readonly database|SQLITE_CANTOPEN|unable to open database|SQLITE_IOERR|SQLITE_FULL|disk I\/O error|database or disk is full/i.test(
      text,
    )
  ) {
    return "Arbor cannot write to its data directory (read-only, full, or failing disk). Check the disk and its permissions; nothing was stored.";
  }
  return null;
}
