"use client";

import type { CreatedWorktree } from "@/lib/worktrees/worktree-types.ts";
import { Button } from "@/components/ui/Button.tsx";
import { VisibleName } from "@/components/ui/VisibleName.tsx";

const COPY_STATUS = { copied: "copied", skipped: "skipped", refused: "refused" } as const;

/** After "New worktree…": which files the setup copied and what its command did (or why it did not run). */
export function SetupReportView(props: { created: CreatedWorktree; headingId: string; onDone: () => void }) {
  const { created } = props;
  const { copies, command } = created.setup;
  const hasProblem = copies.some((copy) => copy.status === "refused") || (command && command.status !== "succeeded");
  return (
    <div className="space-y-3 p-4 text-xs" data-testid="setup-report">
      <h2 id={props.headingId} className="text-sm font-semibold">
        Created <VisibleName name={created.branch} />
        {hasProblem ? ", but its setup needs you" : ""}
      </h2>
      <p className="break-all font-mono text-[11px] text-zinc-500">{created.worktreePath}</p>
      {copies.length > 0 ? (
        <section>
          <h3 className="mb-1 font-medium">Files from the main worktree</h3>
          <ul className="space-y-0.5" data-testid="setup-copies">
            {copies.map((copy) => (
              <li key={copy.path} className="flex flex-wrap gap-x-2">
                <span className="break-all font-mono">{copy.path}</span>{" "}
                <span
                  className={
                    copy.status === "copied"
                      ? "text-emerald-700 dark:text-emerald-400"
                      : copy.status === "refused"
                        ? "text-red-700 dark:text-red-400"
                        : "text-zinc-600 dark:text-zinc-400"
                  }
                >
                  {COPY_STATUS[copy.status]}
                  {copy.reason ? `: ${copy.reason}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {command ? (
        <section data-testid="setup-command" data-status={command.status}>
          <h3 className="mb-1 font-medium">
            Setup command
            <code className="mt-0.5 block break-all font-mono font-normal">{command.command}</code>
          </h3>
          {command.status === "succeeded" ? (
            <p className="text-emerald-700 dark:text-emerald-400">Finished.</p>
          ) : (
            <p
              role="alert"
              className={
                command.status === "failed" ? "text-red-700 dark:text-red-400" : "text-amber-800 dark:text-amber-300"
              }
            >
              {command.message}
            </p>
          )}
          {command.output ? (
            <pre
              className="mt-2 max-h-60 overflow-auto whitespace-pre-wrap break-all rounded-md bg-zinc-100 p-2 font-mono text-[11px] dark:bg-zinc-800"
              data-testid="setup-output"
              tabIndex={0}
              aria-label="What the setup command wrote"
            >
              {command.output}
            </pre>
          ) : null}
        </section>
      ) : null}
      <div className="flex justify-end">
        <Button variant="primary" size="lg" onClick={props.onDone} data-testid="setup-report-done">
          Open its chat
        </Button>
      </div>
    </div>
  );
}
