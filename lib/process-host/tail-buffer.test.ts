import { describe, expect, it } from "vitest";
import { createTailBuffer } from "./tail-buffer.ts";

describe("createTailBuffer", () => {
  it("keeps only the last bytes and counts everything", () => {
    const buffer = createTailBuffer(10);
    for (let index = 0; index < 100; index += 1) buffer.push(Buffer.from(`${index % 10}`));
    expect(buffer.toString()).toBe("0123456789");
    expect(buffer.totalBytes).toBe(100);
  });

  it("returns everything when under the limit", () => {
    const buffer = createTailBuffer(1024);
    buffer.push(Buffer.from("error: unknown option '--x'\n"));
    expect(buffer.toString()).toBe("error: unknown option '--x'\n");
  });
});
