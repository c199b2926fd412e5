"use client";

import type { Dispatch } from "react";
import { DESIGN_NODE_STATUSES } from "@/lib/design/types.ts";
import { buttonClass, fieldClass, inputClass, STATUS_LABEL } from "./design-look.ts";
import type { DraftAction } from "./draft-reducer.ts";
import type { DraftNode } from "./draft-tree.ts";

const smallSelect =
  "rounded-md border border-zinc-300 bg-white px-1.5 py-1 text-xs dark:border-zinc-700 dark:bg-zinc-900";

/** One node in the editor: title (its slug follows until typed), slug, parent, status, order, description. */
export function EditorNodeRow(props: {
  node: DraftNode;
  depth: number;
  nodes: DraftNode[];
  canMoveUp: boolean;
  canMoveDown: boolean;
  isInvalid: boolean;
  dispatch: Dispatch<DraftAction>;
}) {
  const { node, dispatch } = props;
  const key = node.key;
  return (
    <li
      data-testid="editor-node"
      data-key={key}
      data-slug={node.slug}
      data-invalid={props.isInvalid}
      style={{ marginLeft: `${props.depth * 1.25}rem` }}
      className={`rounded-md border bg-white p-2 dark:bg-zinc-900 ${props.isInvalid ? "border-red-400 dark:border-red-700" : "border-zinc-200 dark:border-zinc-800"}`}
    >
      <div className="flex flex-wrap gap-2">
        <input
          data-testid="editor-title"
          aria-label="Title"
          autoFocus={node.title === "" && node.slug === ""}
          value={node.title}
          onChange={(event) => dispatch({ type: "setTitle", key, title: event.target.value })}
          placeholder="Task title"
          className={`${fieldClass} min-w-40 flex-1`}
        />
        <input
          data-testid="editor-slug"
          aria-label="Slug"
          value={node.slug}
          onChange={(event) => dispatch({ type: "setSlug", key, slug: event.target.value })}
          placeholder="slug"
          title={node.isSlugEdited ? "Typed slug" : "Suggested from the title; type to change it"}
          className={`${fieldClass} w-44 font-mono ${node.isSlugEdited ? "" : "text-zinc-500"}`}
        />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
        <label className="flex items-center gap-1">
          Parent
          <select
            data-testid="editor-parent"
            value={node.parentKey ?? ""}
            onChange={(event) => dispatch({ type: "setParent", key, parentKey: event.target.value || null })}
            className={`${smallSelect} max-w-48`}
          >
            <option value="">none (from the default branch)</option>
            {props.nodes
              .filter((other) => other.key !== key)
              .map((other) => (
                <option key={other.key} value={other.key}>
                  {other.title.trim() || "(untitled)"} · {other.slug || "no slug"}
                </option>
              ))}
          </select>
        </label>
        <label className="flex items-center gap-1">
          Status
          <select
            data-testid="editor-status"
            value={node.status}
            onChange={(event) =>
              dispatch({ type: "setStatus", key, status: event.target.value as DraftNode["status"] })
            }
            className={smallSelect}
          >
            {DESIGN_NODE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABEL[status]}
              </option>
            ))}
          </select>
        </label>
        <span className="ml-auto flex gap-1">
          <button
            type="button"
            data-testid="editor-up"
            aria-label="Move up"
            disabled={!props.canMoveUp}
            onClick={() => dispatch({ type: "move", key, offset: -1 })}
            className={buttonClass}
          >
            ↑
          </button>
          <button
            type="button"
            data-testid="editor-down"
            aria-label="Move down"
            disabled={!props.canMoveDown}
            onClick={() => dispatch({ type: "move", key, offset: 1 })}
            className={buttonClass}
          >
            ↓
          </button>
          <button
            type="button"
            data-testid="editor-add-child"
            onClick={() => dispatch({ type: "add", parentKey: key })}
            className={buttonClass}
          >
            + Child
          </button>
          <button
            type="button"
            data-testid="editor-remove"
            onClick={() => dispatch({ type: "remove", key })}
            className={`${buttonClass} text-red-700 dark:text-red-400`}
          >
            Delete
          </button>
        </span>
      </div>
      <input
        data-testid="editor-description"
        aria-label="Description"
        value={node.description}
        onChange={(event) => dispatch({ type: "setDescription", key, description: event.target.value })}
        placeholder="Description (optional)"
        className={`${inputClass} mt-2`}
      />
    </li>
  );
}
