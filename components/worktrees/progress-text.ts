import type { BranchProgress } from "@/lib/git/types.ts";

/** A worktree's work against its base in a few characters and in words, or null when there is none yet. Pure. */
export function describeProgress(
  progress: BranchProgress,
  base: string,
): { short: string; lines: string | null; title: string } | null {
  const { ahead, behind, added, removed } = progress;
  if (ahead + behind + added + removed === 0) return null;
  const commits = (count: number) => `${count} commit${count === 1 ? "" : "s"}`;
  const lineWords = (count: number) => `${count} line${count === 1 ? "" : "s"}`;
  const lines = added + removed > 0 ? `+${added} −${removed}` : null;
  const arrows = [ahead > 0 ? `↑${ahead}` : null, behind > 0 ? `↓${behind}` : null].filter(Boolean).join(" ");
  return {
    short: [arrows, lines].filter(Boolean).join(" · "),
    lines,
    title:
      `${commits(ahead)} ahead of ${base}, ${commits(behind)} behind; ` +
      `${lineWords(added)} added and ${lineWords(removed)} removed since it left ${base}.`,
  };
}
