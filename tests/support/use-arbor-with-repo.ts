import { afterAll, beforeAll } from "vitest";
import { startArborWithClaude, type ArborWithClaude } from "./arbor-with-claude.ts";
import { createPinnedRepo, type PinnedRepo } from "./pinned-repo.ts";

/**
 * For a test file: one Arbor server (real claude CLI, mock model) and one pinned repository,
 * started before the file's tests and removed after them. `assign` receives both.
 */
export function useArborWithRepo(
  assign: (context: { env: ArborWithClaude; repo: PinnedRepo }) => void,
  options?: Parameters<typeof startArborWithClaude>[0],
): void {
  let env: ArborWithClaude | undefined;
  let repo: PinnedRepo | undefined;
  beforeAll(async () => {
    env = await startArborWithClaude(options);
    const started = env;
    repo = await createPinnedRepo(() => started.arbor);
    assign({ env, repo });
  });
  afterAll(async () => {
    await env?.close();
    await repo?.remove();
  });
}
