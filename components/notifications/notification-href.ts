import { chatHref } from "@/components/logs/logs-href.ts";

/**
 * Which pinned repository a notified worktree belongs to: the id the inbox row carries, else
 * a repository whose scanned worktrees list the path, else the pin whose root holds it.
 * The live message names only the worktree, so the last two cover a toast.
 */
export function findNotificationRepo(input: {
  worktreePath: string;
  repoId?: string | null;
  pins: Array<{ repoId: string; repoRoot: string }>;
  scans: Array<{ repoId: string; worktreePaths: string[] }>;
}): string | null {
  if (input.repoId) return input.repoId;
  const scanned = input.scans.find((scan) => scan.worktreePaths.includes(input.worktreePath));
  if (scanned) return scanned.repoId;
  const holding = input.pins.filter(
    (pin) => input.worktreePath === pin.repoRoot || input.worktreePath.startsWith(`${pin.repoRoot}/`),
  );
  // The longest root wins: a repository nested in another one's directory is the closer match.
  holding.sort((a, b) => b.repoRoot.length - a.repoRoot.length);
  return holding[0]?.repoId ?? null;
}

/** The main page with the notified worktree's chat open. */
export function notificationHref(input: { repoId: string | null; worktreePath: string }): string {
  return chatHref({ repoId: input.repoId, worktreePath: input.worktreePath });
}
