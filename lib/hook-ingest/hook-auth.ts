import { timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/errors/app-error.ts";

/** Refuses a hook delivery without this install's token (401, nothing stored). */
export function assertHookToken(input: { expected: string; presented: string | null }): void {
  const expected = Buffer.from(input.expected);
  const given = Buffer.from(input.presented ?? "");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError(
      "unauthorized",
      input.presented
        ? "Wrong hook token: this hook was installed by another Arbor. Reinstall Arbor's hooks."
        : "Missing X-Arbor-Hook-Token header.",
    );
  }
}
