"use client";

import type { TreeGuide } from "./tree-guides.ts";

const line = "border-zinc-400 dark:border-zinc-600";

/** The connector lines left of a tree row: a rail per open ancestor level, then ├ or └ into the row. */
export function TreeGuideCells({
  guide,
  depth,
  isCompact = false,
}: {
  guide: TreeGuide | undefined;
  depth: number;
  isCompact?: boolean;
}) {
  if (depth === 0 || !guide) return null;
  // The elbow meets the row's first line: lower for dashboard cards than for compact preview rows.
  const elbow = isCompact ? { down: "h-3.5", across: "top-3.5" } : { down: "h-5", across: "top-5" };
  return (
    <>
      {guide.rails.map((hasRail, level) => (
        <span key={level} className="relative w-5 shrink-0" aria-hidden>
          {hasRail ? <span className={`absolute bottom-0 left-2.5 top-0 border-l ${line}`} /> : null}
        </span>
      ))}
      <span className="relative w-5 shrink-0" aria-hidden>
        <span className={`absolute left-2.5 top-0 border-l ${line} ${guide.isLast ? elbow.down : "bottom-0"}`} />
        <span className={`absolute left-2.5 ${elbow.across} w-2.5 border-t ${line}`} />
      </span>
    </>
  );
}
