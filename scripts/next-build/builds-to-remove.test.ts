import { describe, expect, it } from "vitest";
import { buildsToRemove } from "./builds-to-remove.ts";

const folders = ["1000-1", "2000-2", "3000-3", "4000-4", "5000-5"];

describe("buildsToRemove", () => {
  it("keeps the current and the previous build and removes the rest", () => {
    const current = { build: "4000-4", sourcesAt: 0, previous: "3000-3" };
    expect(buildsToRemove({ folders, current, served: new Set() })).toEqual(["1000-1", "2000-2", "5000-5"]);
  });

  it("keeps the builds running servers use, however old", () => {
    const current = { build: "4000-4", sourcesAt: 0, previous: "3000-3" };
    expect(buildsToRemove({ folders, current, served: new Set(["1000-1"]) })).toEqual(["2000-2", "5000-5"]);
  });

  it("after a first build, keeps only the current one", () => {
    const current = { build: "5000-5", sourcesAt: 0, previous: null };
    expect(buildsToRemove({ folders, current, served: new Set() })).toEqual(["1000-1", "2000-2", "3000-3", "4000-4"]);
  });

  it("with no current build, keeps only what servers use", () => {
    expect(buildsToRemove({ folders, current: null, served: new Set(["2000-2"]) })).toEqual([
      "1000-1",
      "3000-3",
      "4000-4",
      "5000-5",
    ]);
  });
});
