import { isAppError } from "@/lib/errors/app-error.ts";
import { validateDesignTree } from "@/lib/design/validate-tree.ts";
import { draftToTree, type Draft } from "./draft-tree.ts";

export interface DraftProblem {
  message: string;
  /** The editor rows to mark (a problem names a slug, which a draft may hold twice). */
  keys: string[];
  /**
   * Only not finished yet (no node, a node without a title): what to do next, said calmly, not an
   * error. Anything else breaks a rule of the tree and is shown as one.
   */
  isIncomplete: boolean;
}

/**
 * The first thing that stops the draft from being saved, in the server's own words (the same
 * validateDesignTree runs here and on save), or null when it can be saved. A node still without
 * a title is reported by its position, since it has no name yet.
 */
export function checkDraft(draft: Draft): DraftProblem | null {
  if (draft.nodes.length === 0)
    return { message: "The tree has no nodes yet. Add a first task with “Add node”.", keys: [], isIncomplete: true };
  const untitled = draft.nodes.findIndex((node) => node.title.trim() === "" && node.slug.trim() === "");
  if (untitled !== -1) {
    return {
      message: `Node ${untitled + 1} has no title yet. Type what the task is; its slug follows from the title.`,
      keys: [draft.nodes[untitled]!.key],
      isIncomplete: true,
    };
  }
  try {
    validateDesignTree(draftToTree(draft));
    return null;
  } catch (error) {
    if (!isAppError(error)) throw error;
    const { nodeSlug, cycle } = error.details ?? {};
    const named = new Set<string>([
      typeof nodeSlug === "string" ? nodeSlug : "",
      ...(Array.isArray(cycle) ? cycle.filter((slug): slug is string => typeof slug === "string") : []),
    ]);
    return {
      message: error.message,
      keys: draft.nodes.filter((node) => named.has(node.slug.trim())).map((node) => node.key),
      isIncomplete: false,
    };
  }
}
