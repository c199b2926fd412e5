import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findCargoFailures } from "./cargo-test.ts";
import { splitOutputLines } from "./failure-list.ts";

// fixtures/cargo.txt: cargo 1.95 `cargo test` (RUST_BACKTRACE=0) on a crate with two failing tests.
const lines = splitOutputLines(readFileSync(new URL("fixtures/cargo.txt", import.meta.url), "utf8"));

describe("findCargoFailures", () => {
  it("reads each `---- name stdout ----` block up to the failures list", () => {
    expect(findCargoFailures(lines)).toEqual([
      {
        name: "tests::parses_number",
        lines: [
          "thread 'tests::parses_number' (3985) panicked at src/lib.rs:21:35:",
          "called `Result::unwrap()` on an `Err` value: ParseIntError { kind: InvalidDigit }",
          "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
        ],
      },
      {
        name: "tests::subtracts",
        lines: [
          "thread 'tests::subtracts' (3986) panicked at src/lib.rs:16:9:",
          "assertion `left == right` failed",
          "  left: 2",
          " right: 3",
        ],
      },
    ]);
  });

  it("falls back on the `test name ... FAILED` lines when no block was kept", () => {
    const listed = lines.filter((line) => line.startsWith("test "));
    expect(findCargoFailures(listed)).toEqual([
      { name: "tests::parses_number", lines: ["test tests::parses_number ... FAILED"] },
      { name: "tests::subtracts", lines: ["test tests::subtracts ... FAILED"] },
    ]);
    expect(findCargoFailures(["test tests::adds ... ok", "test result: ok. 1 passed"])).toEqual([]);
  });
});
