"use client";

import { useId, useState } from "react";
import {
  explainCopyPathProblem,
  formatCommandLine,
  parseCommandLine,
  SETUP_TIMEOUT_MAX_SECONDS,
  type WorktreeSetup,
} from "@/lib/worktrees/worktree-setup.ts";
import { useSaveWorktreeSetup } from "@/components/api/worktrees-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { TextArea, TextInput } from "@/components/ui/FormFields.tsx";

/**
 * The repository's setup for every new worktree, folded under the form: files copied from the main
 * worktree (one path a line) and a command run in the new worktree (without a shell), which runs
 * only when the repository is trusted.
 */
export function WorktreeSetupEditor(props: { repoId: string; setup: WorktreeSetup; isTrusted: boolean }) {
  const [files, setFiles] = useState(props.setup.copyFiles.join("\n"));
  const [command, setCommand] = useState(formatCommandLine(props.setup.command));
  const [timeout, setTimeoutSeconds] = useState(String(props.setup.timeoutSeconds));
  const save = useSaveWorktreeSetup(props.repoId);
  const ids = { files: useId(), filesHelp: useId(), command: useId(), commandHelp: useId(), timeout: useId() };
  const fileList = files
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const fileProblem = fileList
    .map((file) => ({ file, problem: explainCopyPathProblem(file) }))
    .find((entry) => entry.problem !== null);
  const parsed = parseCommandLine(command);
  const seconds = Number(timeout);
  const timeoutProblem =
    Number.isInteger(seconds) && seconds >= 1 && seconds <= SETUP_TIMEOUT_MAX_SECONDS
      ? null
      : `1 to ${SETUP_TIMEOUT_MAX_SECONDS} seconds`;
  const isDirty =
    fileList.join("\n") !== props.setup.copyFiles.join("\n") ||
    JSON.stringify(parsed.argv) !== JSON.stringify(props.setup.command) ||
    timeout !== String(props.setup.timeoutSeconds);
  const summary = [
    fileList.length > 0 ? `copies ${fileList.length === 1 ? fileList[0] : `${fileList.length} files`}` : null,
    props.setup.command.length > 0 ? `runs ${formatCommandLine(props.setup.command)}` : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <details className="rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-700" data-testid="worktree-setup">
      <summary className="cursor-pointer font-medium">
        Setup for new worktrees{" "}
        <span className="font-normal text-zinc-500">({summary || "none"}; this repository)</span>
      </summary>
      <div className="mt-2 space-y-2">
        <div className="space-y-1">
          <label htmlFor={ids.files} className="block font-medium">
            Copy from the main worktree
          </label>
          <TextArea
            id={ids.files}
            rows={3}
            className="w-full font-mono"
            value={files}
            placeholder={".env\nconfig/local.json"}
            onChange={(event) => setFiles(event.target.value)}
            aria-invalid={fileProblem !== undefined}
            aria-describedby={ids.filesHelp}
            spellCheck={false}
            data-testid="setup-files"
          />
          <p id={ids.filesHelp} className={fileProblem ? "text-red-700 dark:text-red-400" : "text-zinc-500"}>
            {fileProblem
              ? `${fileProblem.file}: ${fileProblem.problem}.`
              : "One file a line, relative to the worktree (ignored files such as .env), as written: no folders, no patterns such as *. Links out of the worktree are refused."}
          </p>
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.command} className="block font-medium">
            Then run
          </label>
          <TextInput
            id={ids.command}
            className="w-full font-mono"
            value={command}
            placeholder="npm ci"
            onChange={(event) => setCommand(event.target.value)}
            aria-invalid={parsed.problem !== null}
            aria-describedby={ids.commandHelp}
            spellCheck={false}
            autoComplete="off"
            data-testid="setup-command-input"
          />
          <p id={ids.commandHelp} className={parsed.problem ? "text-red-700 dark:text-red-400" : "text-zinc-500"}>
            {parsed.problem
              ? `${parsed.problem}.`
              : props.isTrusted
                ? "Runs in the new worktree without a shell; its output is shown."
                : "This repository is not trusted, so Arbor will not run this command; trust the repository to have it run."}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="space-y-1">
            <label htmlFor={ids.timeout} className="block font-medium">
              Time limit (s)
            </label>
            <TextInput
              id={ids.timeout}
              type="number"
              min={1}
              max={SETUP_TIMEOUT_MAX_SECONDS}
              className="w-24"
              value={timeout}
              onChange={(event) => setTimeoutSeconds(event.target.value)}
              aria-invalid={timeoutProblem !== null}
              title={timeoutProblem ?? undefined}
            />
          </div>
          <Button
            type="button"
            disabled={fileProblem !== undefined || parsed.problem !== null || timeoutProblem !== null || save.isPending}
            onClick={() => save.mutate({ copyFiles: fileList, command: parsed.argv ?? [], timeoutSeconds: seconds })}
            data-testid="setup-save"
          >
            {save.isPending ? "Saving…" : "Save setup"}
          </Button>
          {isDirty ? (
            <span className="text-amber-800 dark:text-amber-300" data-testid="setup-unsaved">
              Not saved yet: new worktrees get the saved setup.
            </span>
          ) : save.isSuccess ? (
            <span className="text-emerald-700 dark:text-emerald-400">Saved.</span>
          ) : null}
        </div>
        {save.error ? <ErrorNotice error={save.error} /> : null}
      </div>
    </details>
  );
}
