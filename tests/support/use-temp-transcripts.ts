/** Test helper: a fresh temp folder per test for transcript files (tests only). */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";

/** Registers the per-test folder and returns a writer for `session.jsonl` inside it. */
export function useTempTranscripts(prefix: string): {
  dir: () => string;
  write: (text: string) => Promise<string>;
} {
  let dir = "";
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return {
    dir: () => dir,
    async write(text) {
      const path = join(dir, "session.jsonl");
      await writeFile(path, text);
      return path;
    },
  };
}
