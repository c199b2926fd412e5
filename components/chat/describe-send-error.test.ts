import { describe, expect, it } from "vitest";
import { ApiError } from "@/components/api/fetch-json.ts";
import { describeSendError, formatBytes } from "./describe-send-error.ts";

describe("describeSendError", () => {
  it("adds the size limit to a 413", () => {
    expect(
      describeSendError(new ApiError(413, "payload_too_large", "Message too large.", { limitBytes: 1024 * 1024 })),
    ).toBe("Message too large. (limit: 1 MiB)");
  });

  it("keeps other API messages as they are", () => {
    expect(describeSendError(new ApiError(422, "invalid_input", "Write a message first."))).toBe(
      "Write a message first.",
    );
  });

  it("explains network failures", () => {
    expect(describeSendError(new TypeError("Failed to fetch"))).toContain("Could not reach Arbor");
  });

  it("formats byte counts", () => {
    expect(formatBytes(512)).toBe("512 bytes");
    expect(formatBytes(64 * 1024)).toBe("64 KiB");
    expect(formatBytes(1.5 * 1024 * 1024)).toBe("1.5 MiB");
  });
});
