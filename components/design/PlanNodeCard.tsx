"use client";

import { useState } from "react";
import { usePlanNodeAction } from "@/components/api/plan-runs-api.ts";
import { Badge, type BadgeTone } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { TextArea, TextInput } from "@/components/ui/FormFields.tsx";
import { VisibleName } from "@/components/ui/VisibleName.tsx";
import type { NodeStateName } from "@/lib/plans/run/plan-run.ts";
import type { PlanRunNodeView, PlanRunView } from "@/lib/plans/run/plan-run-view.ts";
import { nodeActions, type NodeActionName } from "./plan-run-board.ts";

const STATE_TONE: Record<NodeStateName, BadgeTone> = {
  waiting: "muted",
  queued: "muted",
  running: "sky",
  waiting_for_user: "amber",
  checking: "violet",
  checks_failed: "orange",
  ready: "emerald",
  landing: "emerald",
  landed: "emerald",
  failed: "red",
  stopped: "red",
  skipped: "zinc",
  interrupted: "amber",
};

const ACTION_LABEL: Record<Exclude<NodeActionName, "answer" | "edit">, string> = {
  retry: "Retry",
  skip: "Skip",
  stop: "Stop",
  land: "Review & land",
  recheck: "Run checks again",
};

/**
 * One node on the plan run's board: its state in words, branch, runs and cost, and what its state
 * allows (an answer box where its agent asked something, its task's text until its agent starts).
 */
export function PlanNodeCard(props: {
  run: PlanRunView;
  node: PlanRunNodeView;
  onOpenWorktree: (worktreePath: string, repoId?: string) => void;
}) {
  const { node, run } = props;
  const act = usePlanNodeAction(run.planId);
  const [answer, setAnswer] = useState("");
  const [draftSpec, setDraftSpec] = useState<string | null>(null);
  const actions = nodeActions(node, {
    autoLand: run.autoLand,
    nextToLand: run.landing.slug,
  });
  return (
    <li
      data-testid={`plan-node-${node.slug}`}
      data-state={node.state}
      className="rounded border border-zinc-200 bg-white p-2 text-xs dark:border-zinc-800 dark:bg-zinc-950"
    >
      <div className="flex items-start justify-between gap-2">
        <span className="min-w-0 font-medium break-words">{node.title}</span>
        <Badge tone={STATE_TONE[node.state]} size="xs">
          {node.state.replaceAll("_", " ")}
        </Badge>
      </div>
      <p className="mt-1 break-words text-zinc-600 dark:text-zinc-400" data-testid="plan-node-description">
        {node.description}
      </p>
      <p className="mt-1 flex flex-wrap gap-x-2 text-[11px] text-zinc-500">
        {node.branch ? <VisibleName name={node.branch} className="font-mono" /> : <span>no branch yet</span>}
        {node.runs.length > 0 ? <span>{node.runs.length === 1 ? "1 run" : `${node.runs.length} runs`}</span> : null}
        {node.costUsd > 0 ? <span>${node.costUsd.toFixed(2)}</span> : null}
        {node.runner ? (
          <span data-testid="plan-node-runner" title="Its agent works on this runner's clone">
            on {node.runner.label}
          </span>
        ) : node.ranOn ? (
          <span data-testid="plan-node-runner" title="Its runner pushed its work; it is checked and landed here">
            ran on {node.ranOn}
          </span>
        ) : null}
      </p>
      {actions.includes("answer") ? (
        <form
          className="mt-1.5 flex gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            act.mutate(
              { slug: node.slug, body: { action: "answer", message: answer } },
              { onSuccess: () => setAnswer("") },
            );
          }}
        >
          <TextInput
            size="sm"
            className="min-w-0 flex-1"
            aria-label={`Answer ${node.title}`}
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
          />
          <Button size="sm" type="submit" disabled={answer.trim() === "" || act.isPending}>
            Answer
          </Button>
        </form>
      ) : null}
      {draftSpec !== null ? (
        <form
          className="mt-1.5 flex flex-col gap-1"
          data-testid="plan-node-spec-form"
          onSubmit={(event) => {
            event.preventDefault();
            act.mutate(
              { slug: node.slug, body: { action: "edit_spec", spec: draftSpec } },
              { onSuccess: () => setDraftSpec(null) },
            );
          }}
        >
          <TextArea
            aria-label={`What ${node.title} should do`}
            data-testid="plan-node-spec"
            rows={4}
            value={draftSpec}
            onChange={(event) => setDraftSpec(event.target.value)}
          />
          {actions.includes("edit") ? null : (
            // Kept on screen: what the user typed is theirs to copy, even if it can no longer be saved.
            <p className="text-amber-800 dark:text-amber-300" data-testid="plan-node-spec-too-late">
              Its agent has started, so its task can no longer change. Copy your text into its chat instead.
            </p>
          )}
          <span className="flex gap-1">
            <Button
              size="sm"
              type="submit"
              data-testid="plan-node-spec-save"
              disabled={draftSpec.trim() === "" || act.isPending || !actions.includes("edit")}
            >
              Save task
            </Button>
            <Button size="sm" onClick={() => setDraftSpec(null)}>
              {actions.includes("edit") ? "Cancel" : "Close"}
            </Button>
          </span>
        </form>
      ) : null}
      <div className="mt-1.5 flex flex-wrap gap-1">
        {actions.includes("edit") && draftSpec === null ? (
          <Button size="sm" data-testid="plan-node-edit" onClick={() => setDraftSpec(node.spec)}>
            Edit task
          </Button>
        ) : null}
        {node.worktreePath ? (
          <Button size="sm" onClick={() => props.onOpenWorktree(node.worktreePath!, node.runner?.repoId)}>
            {node.runner ? `Open chat on ${node.runner.label}` : "Open chat"}
          </Button>
        ) : null}
        {actions
          .filter(
            (action): action is Exclude<NodeActionName, "answer" | "edit"> => action !== "answer" && action !== "edit",
          )
          .map((action) => (
            <Button
              key={action}
              size="sm"
              data-testid={`plan-node-${action}`}
              disabled={act.isPending}
              onClick={() => act.mutate({ slug: node.slug, body: { action } })}
            >
              {ACTION_LABEL[action]}
            </Button>
          ))}
      </div>
      {act.error ? (
        <div className="mt-1.5">
          <ErrorNotice error={act.error} />
        </div>
      ) : null}
    </li>
  );
}
