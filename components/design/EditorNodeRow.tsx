"use client";

import type { Dispatch } from "react";
import { DESIGN_NODE_STATUSES } from "@/lib/design/types.ts";
import { Button } from "@/components/ui/Button.tsx";
import { Select, TextInput } from "@/components/ui/FormFields.tsx";
import { IconButton } from "@/components/ui/IconButton.tsx";
import { STATUS_LABEL } from "./design-look.ts";
import type { DraftAction } from "./draft-reducer.ts";
import type { DraftNode } from "./draft-tree.ts";

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
        <TextInput
          data-testid="editor-title"
          aria-label="Title"
          autoFocus={node.title === "" && node.slug === ""}
          value={node.title}
          onChange={(event) => dispatch({ type: "setTitle", key, title: event.target.value })}
          placeholder="Task title"
          className="min-w-40 flex-1"
        />
        <TextInput
          data-testid="editor-slug"
          aria-label="Slug"
          value={node.slug}
          onChange={(event) => dispatch({ type: "setSlug", key, slug: event.target.value })}
          placeholder="slug"
          title={node.isSlugEdited ? "Typed slug" : "Suggested from the title; type to change it"}
          className={`w-44 font-mono ${node.isSlugEdited ? "" : "text-zinc-500!"}`}
        />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
        <label className="flex items-center gap-1">
          Parent
          <Select
            size="sm"
            data-testid="editor-parent"
            value={node.parentKey ?? ""}
            onChange={(event) => dispatch({ type: "setParent", key, parentKey: event.target.value || null })}
            className="max-w-48"
          >
            <option value="">none (from the default branch)</option>
            {props.nodes
              .filter((other) => other.key !== key)
              .map((other) => (
                <option key={other.key} value={other.key}>
                  {other.title.trim() || "(untitled)"} · {other.slug || "no slug"}
                </option>
              ))}
          </Select>
        </label>
        <label className="flex items-center gap-1">
          Status
          <Select
            size="sm"
            data-testid="editor-status"
            value={node.status}
            onChange={(event) =>
              dispatch({ type: "setStatus", key, status: event.target.value as DraftNode["status"] })
            }
          >
            {DESIGN_NODE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABEL[status]}
              </option>
            ))}
          </Select>
        </label>
        <span className="ml-auto flex gap-1">
          <IconButton
            variant="secondary"
            label="Move up"
            data-testid="editor-up"
            disabled={!props.canMoveUp}
            onClick={() => dispatch({ type: "move", key, offset: -1 })}
          >
            ↑
          </IconButton>
          <IconButton
            variant="secondary"
            label="Move down"
            data-testid="editor-down"
            disabled={!props.canMoveDown}
            onClick={() => dispatch({ type: "move", key, offset: 1 })}
          >
            ↓
          </IconButton>
          <Button data-testid="editor-add-child" onClick={() => dispatch({ type: "add", parentKey: key })}>
            + Child
          </Button>
          <Button
            data-testid="editor-remove"
            onClick={() => dispatch({ type: "remove", key })}
            className="text-red-700 dark:text-red-400"
          >
            Delete
          </Button>
        </span>
      </div>
      <TextInput
        data-testid="editor-description"
        aria-label="Description"
        value={node.description}
        onChange={(event) => dispatch({ type: "setDescription", key, description: event.target.value })}
        placeholder="Description (optional)"
        className="mt-2 w-full"
      />
    </li>
  );
}
