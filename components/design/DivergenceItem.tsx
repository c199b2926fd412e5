"use client";

import type { DivergenceWarning } from "@/lib/design/types.ts";
import { DIVERGENCE_LABEL } from "./design-look.ts";
import { TextWithCode } from "@/components/ui/TextWithCode.tsx";

/** Work outside the design is allowed: said quietly, not as an alarm. */
const QUIET_CODES = new Set<DivergenceWarning["code"]>(["branch_not_in_design", "worktree_not_in_design"]);

/**
 * One difference between the design and git, on one line (what kind, and the start of what is
 * off); opened, the whole message with what to do.
 */
export function DivergenceItem({
  warning,
  place,
}: {
  warning: DivergenceWarning;
  place: "node" | "list" | "worktree";
}) {
  const isQuiet = QUIET_CODES.has(warning.code);
  return (
    <li
      data-testid={place === "worktree" ? "worktree-divergence" : "divergence-warning"}
      data-code={warning.code}
      data-slug={warning.nodeSlug ?? ""}
      data-branch={warning.branch ?? ""}
      data-place={place}
      data-quiet={isQuiet}
      className={`text-xs ${isQuiet ? "text-zinc-600 dark:text-zinc-400" : "text-amber-800 dark:text-amber-300"}`}
    >
      <details className="group">
        <summary className="flex cursor-pointer list-none items-baseline gap-1 [&::-webkit-details-marker]:hidden">
          <span
            className={`shrink-0 text-[10px] font-semibold uppercase tracking-wide ${isQuiet ? "text-zinc-500" : "text-amber-700 dark:text-amber-400"}`}
          >
            {isQuiet ? "ⓘ" : "⚠"} {DIVERGENCE_LABEL[warning.code]}
          </span>
          <span className="min-w-0 truncate group-open:hidden">{warning.message}</span>
        </summary>
        <p className="mt-0.5" data-testid="divergence-details">
          <TextWithCode text={warning.message} />
        </p>
      </details>
    </li>
  );
}
