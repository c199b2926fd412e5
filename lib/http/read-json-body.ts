import { AppError } from "@/lib/errors/app-error.ts";

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const MAX_JSON_DEPTH = 32;

/**
 * Reads a JSON request body with a size limit, strict UTF-8 and a nesting limit, so an
 * oversized, malformed or deeply nested body gets a clear 4xx instead of hurting the server.
 */
export async function readJsonBody(request: Request, options?: { maxBytes?: number }): Promise<unknown> {
  const maxBytes = options?.maxBytes ?? DEFAULT_MAX_BODY_BYTES;
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw new AppError(
      "unsupported_media_type",
      'Send the request body as JSON with "Content-Type: application/json".',
    );
  }
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) {
    await discardBody(request);
    throw tooLarge(maxBytes);
  }
  return parseJsonBytes(await readLimited(request, maxBytes));
}

/** Strict UTF-8, non-empty, nesting-limited JSON parse of a body already read within its limit. */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("bad_request", "The request body is not valid UTF-8 text.");
  }
  if (text.trim() === "") throw new AppError("bad_request", "The request body is empty; send a JSON object.");
  if (exceedsDepth(text, MAX_JSON_DEPTH)) {
    throw new AppError("bad_request", `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new AppError("bad_request", `The request body is not valid JSON (${(error as Error).message}).`);
  }
}

async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await discardRest(reader);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** Upper bound of bytes read (and dropped) from a refused body before the 413 is sent. */
const MAX_DISCARD_BYTES = 128 * 1024 * 1024;

/**
 * Reads and drops the rest of a refused body, so the client receives the 413 instead of a
 * connection reset while it is still sending (up to a hard cap, then the reader is cancelled).
 */
async function discardBody(request: Request): Promise<void> {
  if (request.body) await discardRest(request.body.getReader());
}

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let dropped = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    dropped += value.byteLength;
    if (dropped > MAX_DISCARD_BYTES) {
      await reader.cancel();
      return;
    }
  }
}

/** Counts bracket nesting outside strings without building the value. */
function exceedsDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{" || char === "[") {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === "}" || char === "]") depth -= 1;
  }
  return false;
}

export function tooLarge(maxBytes: number): AppError {
  return new AppError("payload_too_large", `The request body is larger than the limit of ${maxBytes} bytes.`, {
    details: { limitBytes: maxBytes },
  });
}
