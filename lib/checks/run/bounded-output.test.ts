import { describe, expect, it } from "vitest";
import { createBoundedOutput } from "./bounded-output.ts";

describe("createBoundedOutput", () => {
  it("keeps everything while it fits", () => {
    const output = createBoundedOutput({ headBytes: 4, tailBytes: 4 });
    output.push(Buffer.from("abc"));
    output.push(Buffer.from("defgh"));
    expect(output.toString()).toBe("abcdefgh");
    expect(output.droppedBytes).toBe(0);
  });

  it("keeps the head and the tail of a long stream and says how much was dropped between", () => {
    const output = createBoundedOutput({ headBytes: 5, tailBytes: 5 });
    output.push(Buffer.from("HEAD-"));
    for (let index = 0; index < 1000; index += 1) output.push(Buffer.from("x".repeat(100)));
    output.push(Buffer.from("-TAIL"));
    expect(output.droppedBytes).toBe(100_000);
    expect(output.toString()).toBe("HEAD-\n… 97.7 KiB of output dropped here …\n-TAIL");
  });
});
