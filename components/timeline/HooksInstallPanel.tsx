"use client";

import { useState } from "react";
import { useChangeHooks, type HookAction, type HookScope } from "@/components/api/hooks-api.ts";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { HookFileList } from "./HookFileList.tsx";
import { ImportHistoryButton } from "./ImportHistoryButton.tsx";

const SCOPES: Array<{ scope: HookScope; label: string }> = [
  { scope: "worktree", label: "this worktree" },
  { scope: "repo", label: "the whole repository" },
  { scope: "user", label: "my user (every directory)" },
];

const buttonClass = "rounded-md border px-2 py-1 text-xs disabled:opacity-50";

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
          <select
            data-testid="hooks-scope"
            value={scope}
            onChange={(event) => setScope(event.target.value as HookScope)}
            className="rounded border border-zinc-300 bg-white px-1 py-0.5 text-xs text-zinc-800 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"
          >
            {SCOPES.map((option) => (
              <option key={option.scope} value={option.scope}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          data-testid="hooks-install-button"
          disabled={isBusy}
          onClick={() => startPreview("install")}
          className={`${buttonClass} border-emerald-600 bg-emerald-600 text-white hover:bg-emerald-700`}
        >
          Install hooks
        </button>
        <button
          type="button"
          data-testid="hooks-uninstall-button"
          disabled={isBusy}
          onClick={() => startPreview("uninstall")}
          className={`${buttonClass} border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800`}
        >
          Uninstall
        </button>
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
            <button
              type="button"
              data-testid="hooks-apply"
              disabled={!canWrite || isBusy}
              onClick={write}
              className={`${buttonClass} border-emerald-600 bg-emerald-600 text-white hover:bg-emerald-700`}
            >
              {apply.isPending ? "Writing…" : "Write"}
            </button>
            <button
              type="button"
              data-testid="hooks-cancel"
              onClick={() => preview.reset()}
              className={`${buttonClass} border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800`}
            >
              Cancel
            </button>
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
