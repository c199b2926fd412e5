"use client";

import { useState, type Dispatch, type ReactNode } from "react";
import { useGithubStatus } from "@/components/api/plans-api.ts";
import type { DesignTree } from "@/lib/design/types.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";
import type { PlanView } from "@/lib/plans/plan-types.ts";
import { Button } from "@/components/ui/Button.tsx";
import { checkDraft } from "./check-draft.ts";
import type { DraftAction } from "./draft-reducer.ts";
import type { Draft } from "./draft-tree.ts";
import { GithubSource } from "./GithubSource.tsx";
import { ProposeSource } from "./ProposeSource.tsx";
import { TreeEditor } from "./TreeEditor.tsx";
import { WizardFooter } from "./WizardFooter.tsx";

type Source = "manual" | "github" | "propose";

/** Step 2: build the tree. Options B and C only fetch a tree; it always lands in the editor for review. */
export function WizardBuildStep(props: {
  repoId: string;
  plan: PlanView;
  draft: Draft;
  dispatch: Dispatch<DraftAction>;
  rule: string;
  worktrees: WorktreeScan[];
  onBack: () => void;
  onNext: () => void;
}) {
  const [source, setSource] = useState<Source>("manual");
  const [loadedFrom, setLoadedFrom] = useState<string | null>(null);
  const github = useGithubStatus(props.repoId);
  const githubReason =
    github.data && !github.data.isAvailable ? github.data.reason : github.error ? github.error.message : null;
  const problem = checkDraft(props.draft);

  const load = (tree: DesignTree, note: string) => {
    props.dispatch({ type: "load", tree });
    setLoadedFrom(note);
    setSource("manual");
  };

  return (
    <div className="space-y-4" data-testid="wizard-build-step">
      <div className="flex flex-wrap items-center gap-2" role="tablist" aria-label="How to build the tree">
        <SourceTab source="manual" current={source} onSelect={setSource} testId="wizard-manual">
          A · By hand
        </SourceTab>
        <SourceTab
          source="github"
          current={source}
          onSelect={setSource}
          testId="wizard-github"
          disabled={!github.data?.isAvailable}
          title={githubReason ?? undefined}
        >
          B · From a GitHub issue
        </SourceTab>
        <SourceTab source="propose" current={source} onSelect={setSource} testId="wizard-propose">
          C · From the conversation
        </SourceTab>
      </div>
      {githubReason ? (
        <p data-testid="github-unavailable" className="text-xs text-zinc-500">
          GitHub import is not available: {githubReason}
        </p>
      ) : null}
      {loadedFrom && source === "manual" ? (
        <p
          data-testid="proposal-loaded"
          className="rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-xs text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-200"
        >
          {loadedFrom}
        </p>
      ) : null}
      {source === "manual" ? (
        <TreeEditor draft={props.draft} dispatch={props.dispatch} rule={props.rule} problem={problem} />
      ) : null}
      {source === "github" ? <GithubSource planId={props.plan.id} onLoaded={load} /> : null}
      {source === "propose" ? (
        <ProposeSource repoId={props.repoId} planId={props.plan.id} worktrees={props.worktrees} onLoaded={load} />
      ) : null}
      <WizardFooter onBack={props.onBack}>
        <Button
          variant="primary"
          size="lg"
          data-testid="wizard-next"
          disabled={problem !== null}
          title={problem?.message}
          onClick={props.onNext}
        >
          Next: review
        </Button>
      </WizardFooter>
    </div>
  );
}

function SourceTab(props: {
  source: Source;
  current: Source;
  onSelect: (source: Source) => void;
  testId: string;
  disabled?: boolean;
  title?: string;
  children: ReactNode;
}) {
  const isSelected = props.source === props.current;
  return (
    <Button
      role="tab"
      size="lg"
      data-testid={props.testId}
      aria-selected={isSelected}
      isActive={isSelected}
      disabled={props.disabled}
      title={props.title}
      onClick={() => props.onSelect(props.source)}
      className="font-medium"
    >
      {props.children}
    </Button>
  );
}
