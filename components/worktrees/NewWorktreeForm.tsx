"use client";

import { useEffect, useId, useState, type FormEvent } from "react";
import type { CreatedWorktree, NewWorktreeOptions } from "@/lib/worktrees/worktree-types.ts";
import { useCreateWorktree } from "@/components/api/worktrees-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { TextInput } from "@/components/ui/FormFields.tsx";
import { BaseBranchSelect, initialBase } from "./BaseBranchSelect.tsx";
import type { CreateWorktreeFormProps } from "./CreateWorktreeDialog.tsx";
import { WorktreeOptionsStep } from "./WorktreeOptionsStep.tsx";
import { explainBranchProblem, initialBranch, proposedFolder } from "./new-worktree-form.ts";
import { newSetupId, useRepoFeed } from "./SetupLiveOutput.tsx";
import { SetupRunning } from "./SetupRunning.tsx";
import { formatCommandLine } from "@/lib/worktrees/worktree-setup.ts";
import { WorktreeSetupEditor } from "./WorktreeSetupEditor.tsx";

/** The New worktree dialog's form: loads what to propose, then the fields once it has it. */
export function NewWorktreeForm(props: CreateWorktreeFormProps & { repoId: string }) {
  return (
    <WorktreeOptionsStep
      repoId={props.repoId}
      heading="New worktree"
      headingId={props.headingId}
      onCancel={props.onCancel}
    >
      {(options) => <Fields {...props} options={options} />}
    </WorktreeOptionsStep>
  );
}

function Fields(props: {
  repoId: string;
  options: NewWorktreeOptions;
  onCancel: () => void;
  onCreated: (created: CreatedWorktree) => void;
  onBusyChange: (isBusy: boolean) => void;
}) {
  const { options, onBusyChange } = props;
  const [branch, setBranch] = useState(() => initialBranch(options.namingRule));
  const [base, setBase] = useState(() => initialBase(options));
  const [folder, setFolder] = useState<string | null>(null);
  const create = useCreateWorktree(props.repoId);
  const isCreating = create.isPending;
  useEffect(() => onBusyChange(isCreating), [onBusyChange, isCreating]);
  const [setupId, setSetupId] = useState<string | null>(null);
  useRepoFeed(props.repoId);
  const willRunCommand = options.isTrusted && options.setup.command.length > 0;
  const ids = { branch: useId(), branchHelp: useId(), base: useId(), folder: useId() };
  const shownFolder = folder ?? proposedFolder(options, branch);
  const branchProblem = explainBranchProblem(options, branch);
  const isReady = branch.trim() !== "" && branch.trim() !== initialBranch(options.namingRule) && shownFolder !== "";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isReady || branchProblem) return;
    const id = newSetupId();
    setSetupId(id);
    create.mutate(
      { branch: branch.trim(), base, worktreePath: shownFolder.trim(), setupId: id },
      { onSuccess: (created) => props.onCreated(created) },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-3 text-xs" noValidate>
      <div className="space-y-1">
        <label htmlFor={ids.branch} className="block font-medium">
          Branch
        </label>
        <TextInput
          id={ids.branch}
          autoFocus
          className="w-full font-mono"
          value={branch}
          onChange={(event) => setBranch(event.target.value)}
          aria-invalid={branchProblem !== null}
          aria-describedby={ids.branchHelp}
          spellCheck={false}
          autoComplete="off"
          data-testid="new-worktree-branch"
        />
        <p id={ids.branchHelp} className={branchProblem ? "text-red-700 dark:text-red-400" : "text-zinc-500"}>
          {branchProblem ??
            `Naming rule ${options.namingRule}${options.isNamingRuleInferred ? ", read off the existing branches (set one in the tree's rules)" : ""}.`}
        </p>
      </div>
      <BaseBranchSelect id={ids.base} options={options} value={base} onChange={setBase} testId="new-worktree-base" />
      <div className="space-y-1">
        <label htmlFor={ids.folder} className="block font-medium">
          Folder
        </label>
        <TextInput
          id={ids.folder}
          className="w-full font-mono"
          value={shownFolder}
          placeholder={`${options.repoRoot}-…`}
          onChange={(event) => setFolder(event.target.value)}
          spellCheck={false}
          autoComplete="off"
          data-testid="new-worktree-folder"
        />
      </div>
      <WorktreeSetupEditor repoId={props.repoId} setup={options.setup} isTrusted={options.isTrusted} />
      {create.isPending && willRunCommand && setupId ? (
        <SetupRunning setupId={setupId} command={formatCommandLine(options.setup.command)} />
      ) : null}
      {create.error ? <ErrorNotice error={create.error} testId="new-worktree-error" /> : null}
      {isCreating ? (
        <p className="text-zinc-500" data-testid="new-worktree-busy">
          {willRunCommand
            ? `Creating the worktree and running its setup (stopped after ${options.setup.timeoutSeconds} s at most, or when you stop it); this stays open so you see how it went.`
            : "Creating the worktree…"}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button
          type="button"
          onClick={props.onCancel}
          disabled={isCreating}
          title={
            isCreating ? "git and the setup are already running; their outcome shows here when they end" : undefined
          }
        >
          Cancel
        </Button>
        <Button
          type="submit"
          variant="primary"
          disabled={!isReady || branchProblem !== null || create.isPending}
          data-testid="new-worktree-create"
        >
          {create.isPending ? "Creating…" : "Create worktree"}
        </Button>
      </div>
    </form>
  );
}
