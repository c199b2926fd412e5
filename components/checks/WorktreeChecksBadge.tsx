"use client";

import { useWorktreeChecks } from "@/components/api/checks-api.ts";
import { CheckStatusBadge } from "./CheckStatusBadge.tsx";

/** The worktree row's check badge: its latest overall result, live; nothing until a check ran there. */
export function WorktreeChecksBadge(props: { repoId: string; worktreePath: string }) {
  const checks = useWorktreeChecks(props);
  const status = checks.data?.status;
  if (!status || status === "not_run") return null;
  return <CheckStatusBadge status={status} data-testid="badge-checks" title="The repository's checks here" />;
}
