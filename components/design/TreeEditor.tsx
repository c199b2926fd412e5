"use client";

import type { Dispatch } from "react";
import { Button } from "@/components/ui/Button.tsx";
import type { DraftProblem } from "./check-draft.ts";
import { findSibling, type DraftAction } from "./draft-reducer.ts";
import { orderDraft, type Draft } from "./draft-tree.ts";
import { EditorNodeRow } from "./EditorNodeRow.tsx";
import { TreePreview } from "./TreePreview.tsx";
import { TextWithCode } from "@/components/ui/TextWithCode.tsx";

/** Option A, and where every tree is reviewed: nodes shown under their parents, a live preview, live validation. */
export function TreeEditor(props: {
  draft: Draft;
  dispatch: Dispatch<DraftAction>;
  rule: string;
  problem: DraftProblem | null;
}) {
  const { draft, dispatch, problem } = props;
  // A node merely not titled yet is not marked red: it is the one being written.
  const invalidKeys = new Set(problem && !problem.isIncomplete ? problem.keys : []);
  return (
    <div data-testid="tree-editor" className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="min-w-0 space-y-3">
        <ValidationBar problem={problem} />
        <ul className="space-y-2">
          {orderDraft(draft.nodes).map(({ node, depth }) => (
            <EditorNodeRow
              key={node.key}
              node={node}
              depth={depth}
              nodes={draft.nodes}
              canMoveUp={findSibling(draft.nodes, node.key, -1) !== -1}
              canMoveDown={findSibling(draft.nodes, node.key, 1) !== -1}
              isInvalid={invalidKeys.has(node.key)}
              dispatch={dispatch}
            />
          ))}
        </ul>
        <Button data-testid="editor-add" onClick={() => dispatch({ type: "add", parentKey: null })}>
          + Add node
        </Button>
      </div>
      <div className="xl:sticky xl:top-0 xl:self-start">
        <TreePreview draft={draft} rule={props.rule} invalidKeys={invalidKeys} />
      </div>
    </div>
  );
}

/**
 * Stays at the top of the scrolling wizard, so the first problem is in view whichever node is being
 * edited: a broken rule in red, a tree not finished yet as the next thing to do.
 */
function ValidationBar({ problem }: { problem: DraftProblem | null }) {
  if (problem?.isIncomplete) {
    return (
      <p
        data-testid="tree-incomplete"
        className="sticky top-0 z-10 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-xs text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
      >
        <TextWithCode text={problem.message} />
      </p>
    );
  }
  return problem ? (
    <p
      role="alert"
      data-testid="tree-error"
      className="sticky top-0 z-10 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-xs text-red-800 shadow-sm dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      <TextWithCode text={problem.message} />
    </p>
  ) : (
    <p
      data-testid="tree-valid"
      className="sticky top-0 z-10 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-xs text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-300"
    >
      ✓ The tree is valid. Next: review it, then save.
    </p>
  );
}
