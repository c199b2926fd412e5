import { describe, expect, it } from "vitest";
import { describeApiRetry } from "./describe-api-retry.ts";
import { describeDenialFix } from "./describe-denial-fix.ts";
import { isLongOutput } from "./tool-output.ts";
import { failedStatusOf } from "./run-outcome.ts";
import type { MessageView, RunView } from "@/lib/realtime/chat-views.ts";

describe("describeApiRetry", () => {
  it("names overload and counts attempts", () => {
    expect(
      describeApiRetry({ attempt: 3, maxRetries: 10, errorStatus: 529, error: "overloaded_error", delayMs: 4000 }),
    ).toBe("API overloaded (529), retry 3 of 10 in 4 s");
    expect(describeApiRetry({ attempt: 1, maxRetries: 10, errorStatus: null, error: null, delayMs: null })).toBe(
      "Connection to the API failed, retry 1 of 10",
    );
    expect(describeApiRetry({ attempt: 2, maxRetries: 5, errorStatus: 429, error: "rate_limit", delayMs: 500 })).toBe(
      "Rate limited (429), retry 2 of 5 in 1 s",
    );
  });
});

describe("isLongOutput", () => {
  it("collapses long output", () => {
    expect(isLongOutput("a\nb")).toBe(false);
    expect(isLongOutput(Array.from({ length: 20 }, () => "line").join("\n"))).toBe(true);
  });
});

describe("failedStatusOf", () => {
  const message = (status: string, runStatus?: string) =>
    ({ status, run: runStatus ? ({ status: runStatus } as RunView) : null }) as MessageView;
  it("flags answers that did not finish normally", () => {
    expect(failedStatusOf(message("cancelled", "cancelled"))).toBe("cancelled");
    expect(failedStatusOf(message("complete", "failed"))).toBe("failed");
    expect(failedStatusOf(message("complete", "success"))).toBeNull();
  });
});

describe("describeDenialFix", () => {
  it("suggests Accept edits only for file-editing tools", () => {
    expect(describeDenialFix("Write")).toContain("Accept edits");
    expect(describeDenialFix("Bash")).toContain("Bash(npm test)");
    expect(describeDenialFix("WebFetch")).not.toContain("Accept edits");
  });
});
