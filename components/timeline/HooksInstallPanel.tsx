"use client";

import { useState } from "react";
import { useChangeHooks, type HookAction, type HookScope } from "@/components/api/hooks-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { Select } from "@/components/ui/FormFields.tsx";
import { HookFileList } from "./HookFileList.tsx";
import { ImportHistoryButton } from "./ImportHistoryButton.tsx";

const SCOPES: Array<{ scope: HookScope; label: string }> = [
  { scope: "worktree", label: "this worktree" },
  { scope: "repo", label: "the whole repository" },
  { scope: "user", label: "my user (every directory)" },
];

/**
 * Installs (or removes) Arbor's observer hooks in Claude Code settings: a preview of every file
 * first, then Write. Files Arbor will not rewrite safely come back with the snippet to add by hand.
 */
export function HooksInstallPanel({ repoId, worktreePath }: { repoId: string; worktreePath: string }) {
  const [scope, setScope] = useState<HookScope>("worktree");
  const preview = useChangeHooks();
  const apply = useChangeHooks();
  const isBusy = preview.isPending || apply.isPending;

  const startPreview = (action: HookAction) => {
    apply.reset();
    preview.mutate({ scope, repoId, worktreePath, action, apply: false });
  };
  const write = () => {
    if (!preview.variables) return;
    apply.mutate({ ...preview.variables, apply: true }, { onSuccess: () => preview.reset() });
  };
  const canWrite = preview.data?.some((file) => file.outcome === "write") ?? false;

  return (
    <section
      data-testid="hooks-install-panel"
      className="space-y-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-sm font-semibold">Claude Code hooks</h2>
        <label className="flex items-center gap-1 text-xs text-zinc-500">
          for
          <Select
            size="sm"
            data-testid="hooks-scope"
            value={scope}
            onChange={(event) => setScope(event.target.value as HookScope)}
          >
            {SCOPES.map((option) => (
              <option key={option.scope} value={option.scope}>
                {option.label}
              </option>
            ))}
          </Select>
        </label>
        <Button
          variant="primary"
          data-testid="hooks-install-button"
          disabled={isBusy}
          onClick={() => startPreview("install")}
        >
          Install hooks
        </Button>
        <Button data-testid="hooks-uninstall-button" disabled={isBusy} onClick={() => startPreview("uninstall")}>
          Uninstall
        </Button>
        <ImportHistoryButton repoId={repoId} worktreePath={worktreePath} />
      </div>
      <p className="text-[11px] text-zinc-500">
        The hooks only report events to Arbor; they never change what Claude does. Terminal sessions in this worktree
        then show up in the timeline too.
      </p>
      {preview.error ? <ErrorNotice error={preview.error} testId="hooks-error" /> : null}
      {apply.error ? <ErrorNotice error={apply.error} testId="hooks-error" /> : null}
      {preview.data && preview.variables ? (
        <div data-testid="hooks-preview" data-action={preview.variables.action} className="space-y-2">
          <p className="text-xs font-medium">
            Preview: {preview.variables.action === "install" ? "install" : "uninstall"} for{" "}
            {SCOPES.find((s) => s.scope === preview.variables?.scope)?.label}. Nothing is written yet.
          </p>
          <HookFileList files={preview.data} action={preview.variables.action} isPreview testId="hooks-preview-list" />
          <div className="flex gap-2">
            <Button variant="primary" data-testid="hooks-apply" disabled={!canWrite || isBusy} onClick={write}>
              {apply.isPending ? "Writing…" : "Write"}
            </Button>
            <Button data-testid="hooks-cancel" onClick={() => preview.reset()}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      {apply.data && apply.variables ? (
        <div data-testid="hooks-result" data-action={apply.variables.action}>
          <HookFileList
            files={apply.data}
            action={apply.variables.action}
            isPreview={false}
            testId="hooks-result-list"
          />
        </div>
      ) : null}
    </section>
  );
}
