"use client";

import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from "react";
import type { CreatedWorktree, NewWorktreeOptions } from "@/lib/worktrees/worktree-types.ts";
import { taskBranchName } from "@/lib/worktrees/create/task-branch.ts";
import { useNewWorktreeOptions, useStartTask } from "@/components/api/worktrees-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { Select, TextArea, TextInput } from "@/components/ui/FormFields.tsx";
import { newSetupId, useRepoFeed } from "./SetupLiveOutput.tsx";
import { SetupReportView } from "./SetupReportView.tsx";

/**
 * "New task…": a title and what to do become a branch (the repository's naming rule), its worktree
 * (set up as any new one), its conversation and the first message, in one step (POST /api/tasks).
 * The chat opens on the running answer; when the setup copied files or ran its command, the dialog
 * first shows how that went.
 */
export function NewTaskButton(props: { repoId: string; onStarted: (worktreePath: string) => void }) {
  const [isOpen, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedWorktree | null>(null);
  const [isBusy, setBusy] = useState(false);
  const headingId = useId();
  const finish = (worktreePath: string) => {
    setOpen(false);
    setCreated(null);
    props.onStarted(worktreePath);
  };
  return (
    <>
      <Button
        variant="primary"
        data-testid="task-new"
        onClick={() => setOpen(true)}
        title="Start Claude on a new task in a new branch and worktree"
      >
        New task…
      </Button>
      <Dialog
        isOpen={isOpen}
        onCancel={() => (created ? finish(created.worktreePath) : isBusy ? undefined : setOpen(false))}
        labelledBy={headingId}
        testId="new-task-dialog"
        className="max-w-xl"
      >
        {created ? (
          <SetupReportView created={created} headingId={headingId} onDone={() => finish(created.worktreePath)} />
        ) : (
          <div className="p-4">
            <h2 id={headingId} className="mb-3 text-sm font-semibold">
              New task
            </h2>
            <TaskForm
              repoId={props.repoId}
              onCancel={() => setOpen(false)}
              onBusyChange={setBusy}
              onStarted={(task) =>
                task.setup.copies.length === 0 && task.setup.command === null
                  ? finish(task.worktreePath)
                  : setCreated(task)
              }
            />
          </div>
        )}
      </Dialog>
    </>
  );
}

function TaskForm(props: {
  repoId: string;
  onCancel: () => void;
  onBusyChange: (isBusy: boolean) => void;
  onStarted: (task: CreatedWorktree) => void;
}) {
  const options = useNewWorktreeOptions(props.repoId, true);
  if (options.error) return <ErrorNotice error={options.error} />;
  if (!options.data) return <p className="text-xs text-zinc-500">Reading the repository's branches…</p>;
  return <Fields {...props} options={options.data} />;
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

function Fields(props: {
  repoId: string;
  options: NewWorktreeOptions;
  onCancel: () => void;
  onBusyChange: (isBusy: boolean) => void;
  onStarted: (task: CreatedWorktree) => void;
}) {
  const { options, onBusyChange } = props;
  const [title, setTitle] = useState("");
  const [prompt, setPrompt] = useState("");
  const [base, setBase] = useState(options.defaultBranch ?? options.branches[0] ?? "");
  const start = useStartTask(props.repoId);
  useEffect(() => onBusyChange(start.isPending), [onBusyChange, start.isPending]);
  useRepoFeed(props.repoId);
  const ids = { title: useId(), titleHelp: useId(), prompt: useId(), base: useId() };
  const branch = previewBranch(options, title);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (title.trim() === "" || start.isPending) return;
    start.mutate({ title, prompt, base, setupId: newSetupId() }, { onSuccess: props.onStarted });
  };
  const submitOnModEnter = (event: KeyboardEvent) => {
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) submit();
  };
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
              Branch <span className="font-mono">{branch}</span> from {base}, by the naming rule {options.namingRule}.
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
      <div className="space-y-1">
        <label htmlFor={ids.base} className="block font-medium">
          Start from
        </label>
        <Select
          id={ids.base}
          className="w-full"
          value={base}
          onChange={(event) => setBase(event.target.value)}
          data-testid="new-task-base"
        >
          {options.branches.map((name) => (
            <option key={name} value={name}>
              {name}
              {name === options.defaultBranch ? " (default)" : ""}
            </option>
          ))}
        </Select>
      </div>
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
