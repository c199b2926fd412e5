"use client";

import { expectedBranchName } from "@/lib/design/naming-rule.ts";
import { Badge } from "@/components/ui/Badge.tsx";
import { STATUS_LABEL, STATUS_TONE } from "./design-look.ts";
import { orderDraft, type Draft } from "./draft-tree.ts";
import { buildTreeGuides } from "./tree-guides.ts";
import { TreeGuideCells } from "./TreeGuideCells.tsx";

/** The branch a node will get under the naming rule, or null while its slug is not valid. */
function branchFor({ rule, slug }: { rule: string; slug: string }): string | null {
  try {
    return expectedBranchName({ rule, slug: slug.trim() });
  } catch {
    return null;
  }
}

/** The draft as the tree it will be: each task with the branch it gets, under the task it starts from. */
export function TreePreview(props: { draft: Draft; rule: string; invalidKeys: Set<string> }) {
  const rows = orderDraft(props.draft.nodes);
  const guides = buildTreeGuides(
    rows.map(({ node, depth }) => ({ id: node.key, parentId: depth === 0 ? null : node.parentKey })),
  );
  return (
    <div className="min-w-0">
      <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-zinc-500">Preview</h4>
      <p className="mb-2 text-[11px] text-zinc-500">Roots start from the default branch.</p>
      <ol
        data-testid="tree-preview"
        className="rounded-md border border-zinc-200 bg-white px-2 py-1 dark:border-zinc-800 dark:bg-zinc-900"
      >
        {rows.length === 0 ? <li className="py-1 text-xs text-zinc-500">No nodes yet.</li> : null}
        {rows.map(({ node, depth }) => {
          const branch = branchFor({ rule: props.rule, slug: node.slug });
          return (
            <li
              key={node.key}
              data-testid="preview-node"
              data-slug={node.slug}
              data-depth={depth}
              className="flex items-stretch"
            >
              <TreeGuideCells guide={guides.get(node.key)} depth={depth} isCompact />
              <div
                className={`min-w-0 py-1.5 ${props.invalidKeys.has(node.key) ? "text-red-700 dark:text-red-400" : ""}`}
              >
                <div className="flex items-center gap-1.5">
                  <span className="truncate text-xs font-medium">{node.title.trim() || "(untitled)"}</span>
                  <Badge tone={STATUS_TONE[node.status]}>{STATUS_LABEL[node.status]}</Badge>
                </div>
                <div className="truncate font-mono text-[11px] text-zinc-500">{branch ?? "no valid slug yet"}</div>
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
