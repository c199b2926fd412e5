import { SLUG_MAX_LENGTH, suggestSlug } from "./slug.ts";
import type { DesignTree } from "./types.ts";

/**
 * The tree with a new task as a node without a parent: its slug from the title, numbered when the
 * tree has it already (`login`, `login-2`…, cut so it stays a valid slug). Pure.
 */
export function addTaskNode(
  tree: DesignTree,
  input: { title: string; description: string },
): { tree: DesignTree; slug: string } {
  const taken = new Set(tree.nodes.map((node) => node.slug));
  const first = suggestSlug(input.title);
  let slug = first;
  for (let number = 2; taken.has(slug); number++) {
    const ending = `-${number}`;
    slug = `${first.slice(0, SLUG_MAX_LENGTH - ending.length).replace(/-+$/, "")}${ending}`;
  }
  const description = input.description.trim();
  return {
    slug,
    tree: {
      ...tree,
      nodes: [
        ...tree.nodes,
        { slug, title: input.title.trim(), description: description === "" ? null : description, status: "planned" },
      ],
    },
  };
}
