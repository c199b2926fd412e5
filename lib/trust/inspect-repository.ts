import { existsSync } from "node:fs";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { createArborHandlerCheck } from "./arbor-hooks.ts";
import { buildInspection } from "./build-inspection.ts";
import { readRepositorySources } from "./read-repo-sources.ts";
import { sha256Hex } from "./read-source-file.ts";
import type { Inspection } from "./trust-types.ts";

/** The inspection shown for a repository and its digest (see buildInspection for what it covers). */
export interface InspectedRepository {
  inspection: Inspection;
  digest: string;
  /** Files Claude Code would load that Arbor cannot read (see isUnknowable): no trust while there is one. */
  unknowable: string[];
}

/**
 * Reads and describes everything the repository `repoId` could run (all worktrees), fresh from
 * disk and git. Throws not_found for an unknown repository or one whose folder is gone.
 */
export async function inspectRepository(db: Db, repoId: string): Promise<InspectedRepository> {
  const repo = await db.repo.findUnique({ where: { id: repoId }, include: { pins: true } });
  if (!repo) throw new AppError("not_found", "That repository is not pinned. Pin it again from the left column.");
  const rootPath = [repo.rootPath, ...repo.pins.map((pin) => pin.localPath)].find((candidate) => existsSync(candidate));
  if (!rootPath) {
    throw new AppError(
      "not_found",
      `The repository directory ${repo.rootPath} no longer exists. Restore it, or remove the pin and pin its new location.`,
    );
  }
  const sources = await readRepositorySources({ rootPath, commonDir: repo.commonDir });
  const { inspection, canonicalItems, unknowable } = buildInspection({
    sources,
    isArborHandler: createArborHandlerCheck(),
    hash: sha256Hex,
    inspectedAt: new Date(),
  });
  // The repository's identity is part of what is trusted: the same files elsewhere are another decision.
  return { inspection, digest: sha256Hex(JSON.stringify([repo.commonDir, ...canonicalItems])), unknowable };
}
