import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { callApi } from "./call-api.ts";
import type { ArborAddress } from "./start-arbor.ts";

// Plain async functions, independent of vitest, so browser e2e tests can reuse them.

/**
 * Makes the server's claude binary disappear the way an uninstall would: a script is saved as
 * claudeBin (Arbor only accepts an existing, safe executable) and then deleted, so the next run
 * cannot start it. `restore` saves `claude` again and removes the folder.
 */
export async function vanishClaudeBin(arbor: ArborAddress): Promise<{ bin: string; restore(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "arbor-vanished-claude-"));
  const bin = path.join(dir, "claude");
  writeFileSync(bin, "#!/bin/sh\nexit 1\n");
  chmodSync(bin, 0o755);
  const saved = await callApi(arbor, "/api/settings", { method: "PUT", body: { claudeBin: bin } });
  if (saved.status !== 200)
    throw new Error(`saving ${bin} as claudeBin answered ${saved.status}: ${JSON.stringify(saved.body)}`);
  rmSync(dir, { recursive: true, force: true });
  return {
    bin,
    async restore() {
      await callApi(arbor, "/api/settings", { method: "PUT", body: { claudeBin: "claude" } });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
