"use client";

import { useMemo, useState } from "react";
import { useHookChain } from "@/components/api/policies-api.ts";
import { useWorktrees } from "@/components/api/pins-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { Select } from "@/components/ui/FormFields.tsx";
import { ChainEvent } from "./ChainEvent.tsx";
import { ChainSessions } from "./ChainSessions.tsx";
import { groupChainByEvent } from "./group-chain.ts";

/**
 * The hook chain inspector: for a worktree of the repository, the hooks Claude Code runs there
 * per event, level by level in registration order, with Arbor's own marked and unreadable
 * settings files reported; then its sessions, each linking to what actually fired.
 */
export function HookChainPanel({
  repoId,
  initialWorktreePath,
}: {
  repoId: string;
  initialWorktreePath: string | null;
}) {
  const scan = useWorktrees(repoId);
  const [chosen, setChosen] = useState<string | null>(initialWorktreePath);
  const worktrees = scan.data?.worktrees ?? [];
  const worktreePath = chosen ?? worktrees[0]?.path ?? null;
  const chain = useHookChain({ repoId, worktreePath });
  const groups = useMemo(() => groupChainByEvent(chain.data?.handlers ?? []), [chain.data]);
  const problems = chain.data?.problems ?? [];

  return (
    <section
      data-testid="hook-chain-panel"
      data-worktree={worktreePath ?? ""}
      data-loaded={chain.isSuccess && !chain.isFetching}
      className="space-y-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <header className="flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-sm font-semibold">Hook chain</h2>
        <Select
          size="sm"
          data-testid="chain-worktree-select"
          aria-label="Worktree"
          value={worktreePath ?? ""}
          onChange={(event) => setChosen(event.target.value || null)}
          className="max-w-64"
        >
          {worktreePath && !worktrees.some((worktree) => worktree.path === worktreePath) ? (
            <option value={worktreePath}>{worktreePath}</option>
          ) : null}
          {worktrees.map((worktree) => (
            <option key={worktree.path} value={worktree.path}>
              {worktree.branch ?? "detached"} — {worktree.path}
            </option>
          ))}
        </Select>
        <Button
          size="sm"
          data-testid="chain-refresh"
          disabled={chain.isFetching || !worktreePath}
          onClick={() => void chain.refetch()}
        >
          {chain.isFetching ? "Reading…" : "Reread"}
        </Button>
      </header>
      <p className="text-[11px] text-zinc-500">
        Read from the settings files now: user settings, then the worktree&apos;s .claude/settings.json, then
        .claude/settings.local.json, each in file order.
      </p>
      {scan.error ? <ErrorNotice error={scan.error} testId="chain-error" /> : null}
      {chain.error ? <ErrorNotice error={chain.error} testId="chain-error" /> : null}
      {problems.length > 0 ? (
        <ul className="space-y-1">
          {problems.map((problem) => (
            <li
              key={problem}
              data-testid="chain-problem"
              role="alert"
              className="rounded border border-amber-300 bg-amber-50 px-2 py-1 text-[11px] text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
            >
              {problem}
            </li>
          ))}
        </ul>
      ) : null}
      {chain.isSuccess && groups.length === 0 ? (
        <p data-testid="chain-empty" className="text-xs text-zinc-500">
          No hooks in effect here. Install Arbor&apos;s hooks for this worktree from its timeline in Logs.
        </p>
      ) : null}
      <div className="space-y-2">
        {groups.map((group) => (
          <ChainEvent key={group.event} group={group} />
        ))}
      </div>
      {worktreePath ? <ChainSessions worktreePath={worktreePath} /> : null}
    </section>
  );
}
