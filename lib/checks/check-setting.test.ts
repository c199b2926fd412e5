import { describe, expect, it } from "vitest";
import { toErrorBody } from "@/lib/errors/error-body.ts";
import { checksSchema, MAX_CHECKS, parseStoredChecks } from "./check-setting.ts";

const messageOf = (value: unknown) => {
  const parsed = checksSchema.safeParse(value);
  if (parsed.success) throw new Error("expected a refusal");
  return toErrorBody(parsed.error).body.error.message;
};

describe("the checks setting", () => {
  it("takes named commands and gives a default time limit", () => {
    expect(checksSchema.parse([{ name: " unit ", command: "npm test" }])).toEqual([
      { name: "unit", command: "npm test", timeoutSeconds: 600 },
    ]);
  });

  it("refuses an empty name, two checks of one name, a time limit out of range and too many checks, saying so", () => {
    expect(messageOf([{ name: " ", command: "x", timeoutSeconds: 5 }])).toMatch(
      /^Invalid 0\.name: Give each check a name/,
    );
    expect(
      messageOf([
        { name: "unit", command: "a", timeoutSeconds: 5 },
        { name: "unit", command: "b", timeoutSeconds: 5 },
      ]),
    ).toMatch(/^Invalid 1\.name: Two checks are named "unit"/);
    expect(messageOf([{ name: "u", command: "a", timeoutSeconds: 0 }])).toMatch(/time limit must be 1 to 3600 seconds/);
    expect(messageOf([{ name: "u", command: "a", timeoutSeconds: 3601 }])).toMatch(/1 to 3600 seconds/);
    const many = Array.from({ length: MAX_CHECKS + 1 }, (_, index) => ({ name: `c${index}`, command: "true" }));
    expect(messageOf(many)).toMatch(/At most 10 checks per repository/);
    expect(messageOf([{ name: "u", command: "  " }])).toMatch(/Give the check a command/);
  });

  it("ignores a stored value that no longer passes the rules", () => {
    expect(parseStoredChecks([{ name: "", command: "x", timeoutSeconds: 1 }])).toEqual([]);
    expect(parseStoredChecks("junk")).toEqual([]);
  });
});
