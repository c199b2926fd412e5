import type { DesignNodeStatus, DesignTree } from "@/lib/design/types.ts";
import { draftFromTree, slugForTitle, type Draft, type DraftNode } from "./draft-tree.ts";

export type DraftAction =
  | { type: "load"; tree: DesignTree }
  | { type: "add"; parentKey: string | null }
  | { type: "setTitle"; key: string; title: string }
  | { type: "setSlug"; key: string; slug: string }
  | { type: "setParent"; key: string; parentKey: string | null }
  | { type: "setStatus"; key: string; status: DesignNodeStatus }
  | { type: "setDescription"; key: string; description: string }
  | { type: "move"; key: string; offset: -1 | 1 }
  | { type: "remove"; key: string };

/** The manual editor's state changes (pure, for useReducer). */
export function reduceDraft(draft: Draft, action: DraftAction): Draft {
  switch (action.type) {
    case "load":
      return draftFromTree(action.tree);
    case "add": {
      const node: DraftNode = {
        key: `n${draft.nextKey}`,
        title: "",
        slug: "",
        isSlugEdited: false,
        parentKey: action.parentKey,
        status: "planned",
        description: "",
      };
      return { nodes: [...draft.nodes, node], nextKey: draft.nextKey + 1 };
    }
    case "setTitle":
      return update(draft, action.key, (node) => ({
        ...node,
        title: action.title,
        slug: node.isSlugEdited ? node.slug : slugForTitle(action.title),
      }));
    case "setSlug":
      // Clearing the slug hands it back to the title's suggestion.
      return update(draft, action.key, (node) => ({ ...node, slug: action.slug, isSlugEdited: action.slug !== "" }));
    case "setParent":
      return update(draft, action.key, (node) => ({
        ...node,
        parentKey: action.parentKey === node.key ? null : action.parentKey,
      }));
    case "setStatus":
      return update(draft, action.key, (node) => ({ ...node, status: action.status }));
    case "setDescription":
      return update(draft, action.key, (node) => ({ ...node, description: action.description }));
    case "move":
      return moveAmongSiblings(draft, action.key, action.offset);
    case "remove":
      return removeNode(draft, action.key);
  }
}

/** Siblings are ordered by their position in the list, so a move swaps with the nearest sibling in that direction. */
export function findSibling(nodes: DraftNode[], key: string, offset: -1 | 1): number {
  const at = nodes.findIndex((node) => node.key === key);
  const parentKey = nodes[at]?.parentKey;
  for (let index = at + offset; index >= 0 && index < nodes.length; index += offset) {
    if (nodes[index]?.parentKey === parentKey) return index;
  }
  return -1;
}

function moveAmongSiblings(draft: Draft, key: string, offset: -1 | 1): Draft {
  const from = draft.nodes.findIndex((node) => node.key === key);
  const to = findSibling(draft.nodes, key, offset);
  if (from === -1 || to === -1) return draft;
  const nodes = [...draft.nodes];
  [nodes[from], nodes[to]] = [nodes[to]!, nodes[from]!];
  return { ...draft, nodes };
}

/** The removed node's children move up to its parent, so nothing else is lost. */
function removeNode(draft: Draft, key: string): Draft {
  const removed = draft.nodes.find((node) => node.key === key);
  if (!removed) return draft;
  const nodes = draft.nodes
    .filter((node) => node.key !== key)
    .map((node) => (node.parentKey === key ? { ...node, parentKey: removed.parentKey } : node));
  return { ...draft, nodes };
}

function update(draft: Draft, key: string, change: (node: DraftNode) => DraftNode): Draft {
  return { ...draft, nodes: draft.nodes.map((node) => (node.key === key ? change(node) : node)) };
}
