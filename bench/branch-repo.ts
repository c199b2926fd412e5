import { spawn } from "node:child_process";
import { devNull } from "node:os";

/**
 * Writes commits into a repository with one `git fast-import` (what the design and landing
 * benches build their repositories with). `commit` returns the new commit's mark; files are `path → text`.
 */
export function createImportStream() {
  const lines: string[] = [];
  let mark = 0;
  return {
    commit({
      ref,
      message,
      from,
      merge,
      files = {},
    }: {
      ref: string;
      message: string;
      from: string;
      merge?: string;
      files?: Record<string, string>;
    }): string {
      mark += 1;
      lines.push(
        `commit ${ref}`,
        `mark :${mark}`,
        "committer Arbor Bench <bench@arbor.invalid> 1704164645 +0000",
        `data ${Buffer.byteLength(message)}`,
        message,
        `from ${from}`,
      );
      if (merge) lines.push(`merge ${merge}`);
      for (const [path, text] of Object.entries(files))
        lines.push(`M 100644 inline ${path}`, `data ${Buffer.byteLength(text)}`, text);
      lines.push("");
      return `:${mark}`;
    },
    get commitCount() {
      return mark;
    },
    get text() {
      return `${lines.join("\n")}\n`;
    },
  };
}

/** Runs `git fast-import` in `cwd` with the stream, without the user's git config. */
export function runFastImport({ cwd, input }: { cwd: string; input: string }): Promise<void> {
  const env = { ...process.env, GIT_CONFIG_GLOBAL: devNull, GIT_CONFIG_NOSYSTEM: "1" };
  return new Promise((resolve, reject) => {
    const child = spawn("git", ["-C", cwd, "fast-import", "--quiet"], { env, stdio: ["pipe", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`git fast-import exited with ${code}: ${stderr}`)),
    );
    child.stdin.end(input);
  });
}

/** Times one call. */
export async function timeMs(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}
