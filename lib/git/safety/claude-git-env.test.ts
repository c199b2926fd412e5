import { describe, expect, it } from "vitest";
import { refuseClaude } from "./claude-git-env.ts";

describe("refuseClaude", () => {
  it("names the setting and says how to go on", () => {
    const error = refuseClaude(["sendemail.tocmd"]);
    expect(error.code).toBe("precondition_failed");
    expect(error.message).toContain("sets sendemail.tocmd, a program git would run");
    expect(error.message).toContain(
      "Trust the repository to let Claude run it, or remove the setting (git config --unset-all sendemail.tocmd)",
    );
    expect(error.details).toEqual({ reason: "untrusted_git_program", settings: ["sendemail.tocmd"] });
  });

  it("names every setting when there are several", () => {
    const { message } = refuseClaude(["sendemail.tocmd", "sendemail.work.cccmd"]);
    expect(message).toContain("sets sendemail.tocmd, sendemail.work.cccmd, programs git would run");
    expect(message).toContain("let Claude run them, or remove the settings");
  });
});
