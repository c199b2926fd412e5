import { describe, expect, it } from "vitest";
import { ignoredWorthKeeping } from "./ignored-only-here.ts";

describe("ignoredWorthKeeping", () => {
  it("keeps what could be someone's work, not dependencies, builds or system litter", () => {
    expect(
      ignoredWorthKeeping([
        ".env.local",
        "notes/",
        "node_modules/",
        "packages/web/node_modules/",
        "dist/",
        ".venv/",
        "src/__pycache__/",
        ".DS_Store",
        "docs/.DS_Store",
        "debug.log",
      ]),
    ).toEqual([".env.local", "notes/", "debug.log"]);
  });
});
