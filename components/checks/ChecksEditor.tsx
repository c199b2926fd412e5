"use client";

import { useState, type FormEvent } from "react";
import { useSaveRepoSettings } from "@/components/api/settings-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { TextInput } from "@/components/ui/FormFields.tsx";
import type { CheckSpec } from "@/lib/checks/check-setting.ts";
import { toCheckRows, toCheckSpecs, type CheckRow } from "./checks-form.ts";

/**
 * The repository's checks in Settings: name, command and time limit of each, the checks Arbor
 * proposes from the repository one click away, and the server's objections shown as it words them.
 */
export function ChecksEditor(props: { repoId: string; checks: CheckSpec[]; proposedChecks: CheckSpec[] }) {
  const [rows, setRows] = useState<CheckRow[]>(() => toCheckRows(props.checks));
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveRepoSettings(props.repoId);
  const edit = (next: CheckRow[]) => {
    setRows(next);
    save.reset();
  };
  const change = (index: number, patch: Partial<CheckRow>) =>
    edit(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const proposals = props.proposedChecks.filter((proposed) => !rows.some((row) => row.command === proposed.command));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = toCheckSpecs(rows);
    if ("error" in result) return setFormError(result.error);
    setFormError(null);
    save.mutate({ checks: result.checks }, { onSuccess: (saved) => setRows(toCheckRows(saved.checks)) });
  };
  return (
    <form
      id="repo-checks"
      onSubmit={submit}
      data-testid="repo-checks"
      className="mt-4 space-y-2 rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800"
    >
      <h3 className="font-medium">Checks</h3>
      <p className="text-xs text-zinc-500">
        Commands run with <code>sh -c</code> in a worktree after its files change and before a land (trusted
        repositories only). Exit 0 passes.
      </p>
      {rows.map((row, index) => (
        <div key={index} data-testid="repo-check-row" className="flex flex-wrap items-center gap-2">
          <TextInput
            aria-label="Check name"
            placeholder="name"
            data-testid="repo-check-name"
            value={row.name}
            onChange={(event) => change(index, { name: event.target.value })}
            className="w-28"
          />
          <TextInput
            aria-label="Check command"
            placeholder="command, e.g. npm test"
            data-testid="repo-check-command"
            value={row.command}
            onChange={(event) => change(index, { command: event.target.value })}
            className="min-w-0 flex-1 font-mono"
          />
          <TextInput
            aria-label="Time limit in seconds"
            inputMode="numeric"
            data-testid="repo-check-timeout"
            value={row.timeout}
            onChange={(event) => change(index, { timeout: event.target.value })}
            className="w-20"
          />
          <span className="text-xs text-zinc-500">s</span>
          <Button size="sm" data-testid="repo-check-remove" onClick={() => edit(rows.filter((_, i) => i !== index))}>
            Remove
          </Button>
        </div>
      ))}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          data-testid="repo-check-add"
          onClick={() => edit([...rows, { name: "", command: "", timeout: "600" }])}
        >
          Add a check
        </Button>
        {proposals.map((proposed) => (
          <Button
            key={proposed.name + proposed.command}
            size="sm"
            data-testid="repo-check-propose"
            title={proposed.command}
            onClick={() => edit([...rows, ...toCheckRows([proposed])])}
          >
            Add proposed: {proposed.name} (<code>{proposed.command}</code>)
          </Button>
        ))}
      </div>
      {formError ? <ErrorNotice error={formError} testId="repo-checks-error" /> : null}
      {save.error ? <ErrorNotice error={save.error} testId="repo-checks-save-error" /> : null}
      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary" disabled={save.isPending} data-testid="repo-checks-save">
          {save.isPending ? "Saving…" : "Save checks"}
        </Button>
        {save.isSuccess ? (
          <span className="text-xs text-emerald-700 dark:text-emerald-400" data-testid="repo-checks-saved">
            Saved. They run after the next change.
          </span>
        ) : null}
      </div>
    </form>
  );
}
