import { z } from "zod";

/** One named check: a command run as the repository's shell would run it (`sh -c`), with a time limit. */
export interface CheckSpec {
  name: string;
  command: string;
  timeoutSeconds: number;
}

export const MAX_CHECKS = 10;
export const CHECK_TIMEOUT_MAX_SECONDS = 3600;
export const DEFAULT_CHECK_TIMEOUT_SECONDS = 600;

const checkSpecSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, "Give each check a name (for example: test, lint)")
    .max(60, "A check's name is at most 60 characters")
    .refine((name) => !/[\0\n\r]/.test(name), "A check's name must be one line"),
  command: z
    .string()
    .trim()
    .min(1, "Give the check a command (for example: npm test)")
    .max(4000, "A check's command is at most 4000 characters; put longer steps in a script")
    // No process can receive a NUL in an argument: the command could never start.
    .refine((command) => !command.includes("\0"), "The command contains a NUL character; type it again"),
  timeoutSeconds: z
    .number()
    .int("The time limit is a whole number of seconds")
    .min(1, `The time limit must be 1 to ${CHECK_TIMEOUT_MAX_SECONDS} seconds`)
    .max(CHECK_TIMEOUT_MAX_SECONDS, `The time limit must be 1 to ${CHECK_TIMEOUT_MAX_SECONDS} seconds`)
    .default(DEFAULT_CHECK_TIMEOUT_SECONDS),
});

/**
 * A repository's checks as a request sets them: at most MAX_CHECKS, each named once. Pure: the
 * settings page checks the same rules.
 */
export const checksSchema = z
  .array(checkSpecSchema)
  .max(MAX_CHECKS, `At most ${MAX_CHECKS} checks per repository; combine steps in one command or a script`)
  .superRefine((checks, context) => {
    const seen = new Set<string>();
    checks.forEach((check, index) => {
      if (seen.has(check.name))
        context.addIssue({
          code: "custom",
          path: [index, "name"],
          message: `Two checks are named "${check.name}"; give each a name of its own`,
        });
      seen.add(check.name);
    });
  });

/** The stored checks that still pass the rules (a stored value that no longer does is ignored: no checks). */
export function parseStoredChecks(stored: unknown): CheckSpec[] {
  const parsed = checksSchema.safeParse(stored);
  return parsed.success ? parsed.data : [];
}
