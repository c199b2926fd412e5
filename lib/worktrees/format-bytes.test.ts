import { describe, expect, it } from "vitest";
import { formatBytes } from "./format-bytes.ts";

describe("formatBytes", () => {
  it("reads like a file manager", () => {
    expect(formatBytes(0)).toBe("0 bytes");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(250 * 1024 * 1024)).toBe("250 MB");
    expect(formatBytes(3.2 * 1024 ** 3)).toBe("3.2 GB");
  });
});
