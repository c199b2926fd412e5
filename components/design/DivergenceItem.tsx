"use client";

import type { DivergenceWarning } from "@/lib/design/types.ts";
import { DIVERGENCE_LABEL } from "./design-look.ts";
import { TextWithCode } from "@/components/ui/TextWithCode.tsx";

/** One difference between the design and git: what kind, then what is off and what to do. */
export function DivergenceItem({
  warning,
  place,
}: {
  warning: DivergenceWarning;
  place: "node" | "list" | "worktree";
}) {
  return (
    <li
      data-testid={place === "worktree" ? "worktree-divergence" : "divergence-warning"}
      data-code={warning.code}
      data-slug={warning.nodeSlug ?? ""}
      data-branch={warning.branch ?? ""}
      data-place={place}
      className="text-xs text-amber-800 dark:text-amber-300"
    >
      <span className="mr-1 font-semibold uppercase tracking-wide text-[10px] text-amber-700 dark:text-amber-400">
        ⚠ {DIVERGENCE_LABEL[warning.code]}
      </span>
      <TextWithCode text={warning.message} />
    </li>
  );
}
