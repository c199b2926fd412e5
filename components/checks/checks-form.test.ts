import { describe, expect, it } from "vitest";
import { toCheckRows, toCheckSpecs } from "./checks-form.ts";

describe("checks form", () => {
  it("round-trips the stored checks and gives an empty time limit the default", () => {
    const rows = toCheckRows([{ name: "test", command: "npm test", timeoutSeconds: 120 }]);
    expect(rows).toEqual([{ name: "test", command: "npm test", timeout: "120" }]);
    expect(toCheckSpecs([...rows, { name: "lint", command: "npm run lint", timeout: " " }])).toEqual({
      checks: [
        { name: "test", command: "npm test", timeoutSeconds: 120 },
        { name: "lint", command: "npm run lint", timeoutSeconds: 600 },
      ],
    });
  });

  it("says which check's time limit is not a number", () => {
    expect(toCheckSpecs([{ name: "test", command: "x", timeout: "2m" }])).toEqual({
      error: 'The time limit of "test" must be a whole number of seconds.',
    });
  });
});
