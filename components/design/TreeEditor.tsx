"use client";

import type { Dispatch } from "react";
import type { DraftProblem } from "./check-draft";
import { buttonClass } from "./design-look";
import { findSibling, type DraftAction } from "./draft-reducer";
import { orderDraft, type Draft } from "./draft-tree";
import { EditorNodeRow } from "./EditorNodeRow";
import { TreePreview } from "./TreePreview";

/** Option A, and where every tree is reviewed: nodes shown under their parents, a live preview, live validation. */
export function TreeEditor(props: { draft: Draft; dispatch: Dispatch<DraftAction>; rule: string; problem: DraftProblem | null }) {
  const { draft, dispatch, problem } = props;
  const invalidKeys = new Set(problem?.keys ?? []);
  return (
    <div data-testid="tree-editor" className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="min-w-0 space-y-3">
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
        <button type="button" data-testid="editor-add" onClick={() => dispatch({ type: "add", parentKey: null })} className={buttonClass}>
          + Add node
        </button>
        {problem ? (
          <p role="alert" data-testid="tree-error" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-xs text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            {problem.message}
          </p>
        ) : (
          <p data-testid="tree-valid" className="text-xs text-emerald-700 dark:text-emerald-400">
            ✓ The tree is valid.
          </p>
        )}
      </div>
      <TreePreview draft={draft} rule={props.rule} invalidKeys={invalidKeys} />
    </div>
  );
}
