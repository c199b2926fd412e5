import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, type Settings } from "@/lib/settings/settings-schema.ts";
import { issuesToFieldErrors, parseToolList, toFormValues, toSettingsPatch } from "./settings-form-values.ts";

const settings: Settings = {
  ...DEFAULT_SETTINGS,
  claudeBin: "claude",
  model: null,
  permissionMode: "default",
  allowedTools: ["Read", "Bash(git status)"],
  disallowedTools: [],
  runTimeoutSeconds: 1800,
  maxConcurrentRuns: 4,
  recentMessageCount: 20,
  ledgerPromptEntries: 100,
  maxMessageBytes: 1048576,
};

describe("settings form values", () => {
  it("round-trips the settings the form edits, and sends only those", () => {
    const { patch, errors } = toSettingsPatch(toFormValues(settings));
    expect(errors).toEqual({});
    expect(patch).toEqual({
      claudeBin: "claude",
      model: null,
      permissionMode: "default",
      allowedTools: ["Read", "Bash(git status)"],
      disallowedTools: [],
      runTimeoutSeconds: 1800,
      maxConcurrentRuns: 4,
      recentMessageCount: 20,
      ledgerPromptEntries: 100,
      maxMessageBytes: 1048576,
    });
  });

  it("reads tools one per line or comma-separated", () => {
    expect(parseToolList("Read, Write\n\n  Bash(npm test) \n")).toEqual(["Read", "Write", "Bash(npm test)"]);
  });

  it("turns an empty model into the CLI default (null) and trims it otherwise", () => {
    expect(toSettingsPatch({ ...toFormValues(settings), model: "  " }).patch.model).toBeNull();
    expect(toSettingsPatch({ ...toFormValues(settings), model: " sonnet " }).patch.model).toBe("sonnet");
  });

  it("refuses numbers that are not whole numbers and leaves them out of the patch", () => {
    const result = toSettingsPatch({ ...toFormValues(settings), runTimeoutSeconds: "1.5", maxConcurrentRuns: "four" });
    expect(result.errors).toEqual({
      runTimeoutSeconds: "Enter a whole number.",
      maxConcurrentRuns: "Enter a whole number.",
    });
    expect(result.patch).not.toHaveProperty("runTimeoutSeconds");
    expect(result.patch).not.toHaveProperty("maxConcurrentRuns");
  });

  it("lets agents at once be left empty, meaning the machine decides, and shows an unset limit as empty", () => {
    const result = toSettingsPatch({ ...toFormValues(settings), maxConcurrentRuns: " " });
    expect(result.errors).toEqual({});
    expect(result.patch.maxConcurrentRuns).toBeNull();
    expect(toFormValues({ ...settings, maxConcurrentRuns: null }).maxConcurrentRuns).toBe("");
    expect(toSettingsPatch({ ...toFormValues(settings), recentMessageCount: "" }).errors).toEqual({
      recentMessageCount: "Enter a whole number.",
    });
  });

  it("maps 422 issues to fields by the first path segment", () => {
    const details = {
      issues: [
        { path: "allowedTools.1", message: "Tool names cannot start with '-'" },
        { path: "runTimeoutSeconds", message: "Too small" },
        { path: "", message: "ignored" },
      ],
    };
    expect(issuesToFieldErrors(details)).toEqual({
      allowedTools: "Tool names cannot start with '-'",
      runTimeoutSeconds: "Too small",
    });
    expect(issuesToFieldErrors(undefined)).toEqual({});
  });
});
