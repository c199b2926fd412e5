import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "./app-error.ts";
import { toErrorBody } from "./error-body.ts";

describe("toErrorBody", () => {
  it("keeps an AppError's status and message", () => {
    expect(toErrorBody(new AppError("conflict", "Busy worktree."))).toMatchObject({
      status: 409,
      body: { error: { code: "conflict", message: "Busy worktree." } },
    });
  });

  it("turns a ZodError into 422 naming the field", () => {
    const result = z.object({ path: z.string() }).safeParse({ path: 1 });
    expect(toErrorBody(result.error)).toMatchObject({
      status: 422,
      body: { error: { message: expect.stringMatching(/^Invalid path/) } },
    });
  });

  it("explains a locked or read-only database as 503 without leaking internals", () => {
    expect(
      toErrorBody(new Error("Raw query failed. Code: `SQLITE_BUSY`. Message: `database is locked`")),
    ).toMatchObject({ status: 503, isUnexpected: false });
    const readonly = toErrorBody(new Error("attempt to write a readonly database"));
    expect(readonly.status).toBe(503);
    expect(readonly.body.error.message).toMatch(/cannot write to its data directory/);
  });

  it("hides unknown errors behind a generic 500", () => {
    const result = toErrorBody(new Error("secret /internal/path exploded"));
    expect(result).toMatchObject({ status: 500, isUnexpected: true });
    expect(JSON.stringify(result.body)).not.toContain("/internal/path");
  });
});
