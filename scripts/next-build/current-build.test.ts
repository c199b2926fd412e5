import { describe, expect, it } from "vitest";
import { isBuildFresh, isBuildName, parseCurrentBuild } from "./current-build.ts";

describe("isBuildFresh", () => {
  const current = { build: "1-1", sourcesAt: 5000, previous: null };

  it("is fresh while no source is newer than what the build was made from", () => {
    expect(isBuildFresh(current, 4000)).toBe(true);
    expect(isBuildFresh(current, 5000)).toBe(true);
  });

  it("is stale once a source changed after the build started, or with no build", () => {
    expect(isBuildFresh(current, 5000.5)).toBe(false);
    expect(isBuildFresh(null, 0)).toBe(false);
  });
});

describe("parseCurrentBuild", () => {
  it("reads the pointer", () => {
    expect(parseCurrentBuild({ build: "17-3", sourcesAt: 12.5, previous: "16-2" })).toEqual({
      build: "17-3",
      sourcesAt: 12.5,
      previous: "16-2",
    });
  });

  it("never names a path: a build name that is not a plain name is refused, a bad previous dropped", () => {
    expect(parseCurrentBuild({ build: "../../etc", sourcesAt: 1 })).toBeNull();
    expect(parseCurrentBuild({ build: "17-3", sourcesAt: 1, previous: "../x" })).toEqual({
      build: "17-3",
      sourcesAt: 1,
      previous: null,
    });
    expect(parseCurrentBuild({ build: "17-3" })).toBeNull();
    expect(parseCurrentBuild(null)).toBeNull();
  });

  it("isBuildName accepts only `<ms>-<pid>`", () => {
    expect(isBuildName("1795940342999-1684")).toBe(true);
    expect(["", ".removing-1-1", "1-1/..", "a-1"].filter(isBuildName)).toEqual([]);
  });
});
