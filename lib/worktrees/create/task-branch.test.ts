import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error.ts";
import { taskBranchName } from "./task-branch.ts";

const none = () => false;

describe("taskBranchName", () => {
  it("puts a slug of the title in the naming rule", () => {
    expect(taskBranchName({ rule: "feat/{slug}", title: "Add the login page", isTaken: none })).toBe(
      "feat/add-the-login-page",
    );
    expect(taskBranchName({ rule: "{slug}", title: "Fix: rounding (cents)", isTaken: none })).toBe(
      "fix-rounding-cents",
    );
    expect(taskBranchName({ rule: "u/ana/{slug}-wip", title: "Ünïcode Straße", isTaken: none })).toBe(
      "u/ana/unicode-strasse-wip",
    );
  });

  it("gives a title with no letter it can keep the fallback slug", () => {
    expect(taskBranchName({ rule: "feat/{slug}", title: "日本語のタスク", isTaken: none })).toBe("feat/task");
  });

  it("numbers the name when the branch or its folder is taken, from 2 up", () => {
    const taken = new Set(["feat/add-login", "feat/add-login-2"]);
    expect(taskBranchName({ rule: "feat/{slug}", title: "Add login", isTaken: (branch) => taken.has(branch) })).toBe(
      "feat/add-login-3",
    );
  });

  it("cuts a 60-character slug so the numbered one is still a valid slug", () => {
    const title = "a".repeat(58) + " bc";
    const first = taskBranchName({ rule: "{slug}", title, isTaken: none })!;
    expect(first).toHaveLength(60);
    const second = taskBranchName({ rule: "{slug}", title, isTaken: (branch) => branch === first })!;
    expect(second).toBe(`${"a".repeat(58)}-2`);
  });

  it("gives up (null) when a hundred names are taken", () => {
    expect(taskBranchName({ rule: "feat/{slug}", title: "Again", isTaken: () => true })).toBeNull();
  });

  it("refuses a rule that is not valid, saying why", () => {
    expect(() => taskBranchName({ rule: "feat/", title: "x", isTaken: none })).toThrow(AppError);
    expect(() => taskBranchName({ rule: "feat/", title: "x", isTaken: none })).toThrow(/placeholder/);
  });
});
