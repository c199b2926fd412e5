"use client";

import type { DivergenceWarning } from "@/lib/design/types.ts";
import { DivergenceItem } from "./DivergenceItem.tsx";

/**
 * Where git differs from the design, each warning once: those shown on their branch in the tree
 * above are only counted here; the ones no row of the tree shows are listed.
 */
export function DivergenceList(props: { total: number; unplaced: DivergenceWarning[] }) {
  const { total, unplaced } = props;
  const onTree = total - unplaced.length;
  return (
    <section data-testid="divergence-list" className="mt-6">
      <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-zinc-500">
        Where git differs from the design {total > 0 ? `(${total})` : ""}
      </h3>
      {total === 0 ? (
        <p data-testid="no-divergence" className="text-sm text-emerald-700 dark:text-emerald-400">
          ✓ Every branch matches the design.
        </p>
      ) : null}
      {onTree > 0 ? (
        <p data-testid="divergence-on-tree" className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">
          {onTree === 1 ? "One is shown on its branch above." : `${onTree} are shown on their branches above.`}
        </p>
      ) : null}
      {unplaced.length > 0 ? (
        <ul className="space-y-2 rounded-md border border-amber-200 bg-amber-50/60 p-3 dark:border-amber-900 dark:bg-amber-950/20">
          {unplaced.map((warning, index) => (
            <DivergenceItem
              key={`${warning.code}:${warning.nodeSlug ?? warning.branch ?? index}`}
              warning={warning}
              place="list"
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
