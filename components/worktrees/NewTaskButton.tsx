"use client";

import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from "react";
import type { NewWorktreeOptions } from "@/lib/worktrees/worktree-types.ts";
import { taskBranchName } from "@/lib/worktrees/create/task-branch.ts";
import { useStartTask } from "@/components/api/worktrees-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { TextArea, TextInput } from "@/components/ui/FormFields.tsx";
import { VisibleName } from "@/components/ui/VisibleName.tsx";
import { BaseBranchSelect, initialBase } from "./BaseBranchSelect.tsx";
import { CreateWorktreeDialog, CreateWorktreeTrigger, type CreateWorktreeFormProps } from "./CreateWorktreeDialog.tsx";
import { newSetupId, useRepoFeed } from "./SetupLiveOutput.tsx";
import { WorktreeOptionsStep } from "./WorktreeOptionsStep.tsx";

/**
 * "New task…": a title and what to do become a branch (the repository's naming rule), its worktree
 * (set up as any new one), its conversation and the first message, in one step (POST /api/tasks).
 * The chat opens on the running answer.
 */
export function NewTaskButton(props: {
  repoId: string;
  /** The plan shown beside the worktrees: the task may become one of its nodes. */
  plan?: { id: string; title: string } | null;
  onStarted: (worktreePath: string) => void;
}) {
  return (
    <CreateWorktreeTrigger
      label="New task…"
      title="Start Claude on a new task in a new branch and worktree"
      isPrimary
      testId="task-new"
      dialog={(state) => (
        <NewTaskDialog {...state} repoId={props.repoId} plan={props.plan ?? null} onStarted={props.onStarted} />
      )}
    />
  );
}

/** The New task dialog, opened by its button or from the command palette. */
export function NewTaskDialog(props: {
  repoId: string;
  plan?: { id: string; title: string } | null;
  isOpen: boolean;
  onClose: () => void;
  onStarted: (worktreePath: string) => void;
}) {
  return (
    <CreateWorktreeDialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      dialogTestId="new-task-dialog"
      onOpened={props.onStarted}
      form={(formProps) => (
        <WorktreeOptionsStep
          repoId={props.repoId}
          heading="New task"
          headingId={formProps.headingId}
          onCancel={formProps.onCancel}
        >
          {(options) => <Fields {...formProps} repoId={props.repoId} plan={props.plan ?? null} options={options} />}
        </WorktreeOptionsStep>
      )}
    />
  );
}

/** The branch the server will make for this title, as far as the browser knows the branches. */
function previewBranch(options: NewWorktreeOptions, title: string): string | null {
  if (title.trim() === "") return null;
  try {
    return taskBranchName({ rule: options.namingRule, title, isTaken: (name) => options.branches.includes(name) });
  } catch {
    return null;
  }
}

function Fields(
  props: CreateWorktreeFormProps & {
    repoId: string;
    plan: { id: string; title: string } | null;
    options: NewWorktreeOptions;
  },
) {
  const { options, onBusyChange } = props;
  const [title, setTitle] = useState("");
  const [prompt, setPrompt] = useState("");
  const [base, setBase] = useState(() => initialBase(options));
  const [isPlanNode, setPlanNode] = useState(false);
  const [joinedRun, setJoinedRun] = useState<{ slug: string; isPaused: boolean } | null>(null);
  const start = useStartTask(props.repoId);
  useEffect(() => onBusyChange(start.isPending), [onBusyChange, start.isPending]);
  useRepoFeed(props.repoId);
  const ids = { title: useId(), titleHelp: useId(), prompt: useId(), base: useId() };
  const branch = previewBranch(options, title);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (title.trim() === "" || start.isPending) return;
    const planId = isPlanNode && props.plan ? props.plan.id : undefined;
    start.mutate(
      { title, prompt, base, setupId: newSetupId(), ...(planId ? { planId } : {}) },
      {
        onSuccess: (body) => {
          if (body.task) props.onCreated(body.task);
          else if (body.planNode) setJoinedRun({ slug: body.planNode.slug, isPaused: body.planNode.isPaused ?? false });
        },
      },
    );
  };
  const submitOnModEnter = (event: KeyboardEvent) => {
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) submit();
  };
  if (joinedRun && props.plan) {
    return (
      <div className="space-y-3 text-xs" data-testid="new-task-joined-plan">
        <p>
          Added to the plan <VisibleName name={props.plan.title} /> as the node{" "}
          <span className="font-mono">{joinedRun.slug}</span>.{" "}
          {joinedRun.isPaused
            ? "The plan's run is paused: the task starts when you resume it."
            : "The plan's run starts it as soon as an agent slot is free; follow it on the plan's board."}
        </p>
        <div className="flex justify-end">
          <Button type="button" variant="primary" onClick={props.onCancel}>
            Close
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-3 text-xs" noValidate>
      <div className="space-y-1">
        <label htmlFor={ids.title} className="block font-medium">
          Title
        </label>
        <TextInput
          id={ids.title}
          autoFocus
          className="w-full"
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
          aria-describedby={ids.titleHelp}
          placeholder="Add a login page"
          autoComplete="off"
          data-testid="new-task-title"
        />
        <p id={ids.titleHelp} className="text-zinc-500" data-testid="new-task-branch">
          {branch ? (
            <>
              Branch <VisibleName name={branch} className="font-mono" /> from <VisibleName name={base} />, by the naming
              rule {options.namingRule}.
            </>
          ) : (
            `Names the branch by the naming rule ${options.namingRule}.`
          )}
        </p>
      </div>
      <div className="space-y-1">
        <label htmlFor={ids.prompt} className="block font-medium">
          What to do
        </label>
        <TextArea
          id={ids.prompt}
          className="w-full"
          rows={6}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          onKeyDown={submitOnModEnter}
          placeholder="What Claude should do first. Sent after the title as the conversation's first message."
          data-testid="new-task-prompt"
        />
      </div>
      {isPlanNode ? null : (
        <BaseBranchSelect id={ids.base} options={options} value={base} onChange={setBase} testId="new-task-base" />
      )}
      {props.plan ? (
        <label className="flex items-start gap-1.5">
          <input
            type="checkbox"
            className="mt-0.5"
            checked={isPlanNode}
            onChange={(event) => setPlanNode(event.target.checked)}
            data-testid="new-task-plan-node"
          />
          <span>
            Add to the plan <VisibleName name={props.plan.title} /> as a node: it starts from the default branch with
            the plan&apos;s goal, and a running plan starts it when an agent slot is free.
          </span>
        </label>
      ) : null}
      {start.error ? <ErrorNotice error={start.error} testId="new-task-error" /> : null}
      {start.isPending ? (
        <p className="text-zinc-500" data-testid="new-task-busy">
          Creating the worktree, setting it up and starting Claude…
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" onClick={props.onCancel} disabled={start.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="primary"
          disabled={title.trim() === "" || start.isPending}
          data-testid="new-task-start"
        >
          {start.isPending ? "Starting…" : "Start task"}
        </Button>
      </div>
    </form>
  );
}
