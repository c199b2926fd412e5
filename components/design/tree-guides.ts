/** What to draw left of one row of an indented tree so that connector lines join parents and children. */
export interface TreeGuide {
  /** One entry per ancestor level above the row's parent: true when a vertical line passes through (that ancestor has a later sibling). */
  rails: boolean[];
  /** The row is its parent's last child: its connector ends in └ instead of ├. */
  isLast: boolean;
}

/**
 * Guides for rows listed depth-first (each row after its parent, siblings in order), keyed by id.
 * A row at depth d gets d-1 rails; a root gets none and is never drawn with a connector.
 */
export function buildTreeGuides(rows: ReadonlyArray<{ id: string; parentId: string | null }>): Map<string, TreeGuide> {
  const lastChildOf = new Map<string | null, string>();
  for (const row of rows) lastChildOf.set(row.parentId, row.id);
  const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
  const isLast = (id: string) => lastChildOf.get(parentOf.get(id) ?? null) === id;
  const guides = new Map<string, TreeGuide>();
  for (const row of rows) {
    const rails: boolean[] = [];
    let ancestor = row.parentId;
    while (ancestor !== null && parentOf.has(ancestor) && parentOf.get(ancestor) !== null) {
      rails.unshift(!isLast(ancestor));
      ancestor = parentOf.get(ancestor) ?? null;
    }
    guides.set(row.id, { rails, isLast: isLast(row.id) });
  }
  return guides;
}
