"use client";

import { useMemo } from "react";
import { stripAnsi } from "@/lib/checks/failures/strip-ansi.ts";
import type { CheckRunView } from "@/lib/realtime/check-views.ts";
import { CheckFailureList } from "./CheckFailureList.tsx";
import { CheckStatusBadge } from "./CheckStatusBadge.tsx";

/**
 * One check's latest run: what ran on which commit, how it ended, the failing tests found in its
 * output first, then the whole output as plain text.
 */
export function CheckRunItem({ run }: { run: CheckRunView }) {
  const output = useMemo(() => stripAnsi(run.output), [run.output]);
  return (
    <li
      data-testid="check-run"
      data-name={run.name}
      data-status={run.status}
      className="rounded-md border border-zinc-200 bg-white p-2 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <strong className="font-semibold">{run.name}</strong>
        <CheckStatusBadge status={run.status} isShort data-testid="check-run-status" />
        {run.exitCode !== null ? (
          <span className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="check-run-exit">
            exit {run.exitCode}
          </span>
        ) : null}
        <span className="ml-auto text-xs text-zinc-500" data-testid="check-run-commit">
          {run.commit ? <span className="font-mono">{run.commit.slice(0, 7)}</span> : "no commit"}
          {run.dirty ? " + uncommitted changes" : ""}
          {run.cached ? " · cached" : ""}
        </span>
      </div>
      <code className="mt-1 block break-all font-mono text-xs text-zinc-600 dark:text-zinc-400">{run.command}</code>
      {run.message ? (
        <p className="mt-1 text-xs text-red-700 dark:text-red-400" data-testid="check-run-message">
          {run.message}
        </p>
      ) : null}
      {run.failures ? <CheckFailureList found={run.failures} /> : null}
      {output && run.failures ? (
        <h3 className="mt-2 text-xs font-semibold text-zinc-600 dark:text-zinc-400">Full output</h3>
      ) : null}
      {output ? (
        <pre
          data-testid="check-run-output"
          className="mt-2 max-h-80 overflow-auto whitespace-pre rounded bg-zinc-100 p-2 font-mono text-xs text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200"
        >
          {output}
        </pre>
      ) : null}
      {run.droppedBytes > 0 ? (
        <p className="mt-1 text-xs text-zinc-500">{run.droppedBytes} bytes of the middle were dropped.</p>
      ) : null}
    </li>
  );
}
