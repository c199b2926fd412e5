import { ApiError } from "@/components/api/fetch-json.ts";

/** The line under the composer when a send fails: the server's message, plus the size limit for 413. */
export function describeSendError(error: unknown): string {
  if (!(error instanceof ApiError)) {
    return error instanceof Error
      ? `Could not reach Arbor (${error.message}). Check that the server is running, then send again.`
      : String(error);
  }
  const limit = error.details?.limitBytes;
  if (error.status === 413 && typeof limit === "number" && !error.message.includes(String(limit))) {
    return `${error.message} (limit: ${formatBytes(limit)})`;
  }
  return error.message;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MiB`;
}
