"use client";

import type { DivergenceWarning } from "@/lib/design/types.ts";
import { DivergenceItem } from "./DivergenceItem.tsx";

/** Every divergence between the plan's design tree and the repository, in the design's order. */
export function DivergenceList({ warnings }: { warnings: DivergenceWarning[] }) {
  return (
    <section data-testid="divergence-list" className="mt-6">
      <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-zinc-500">
        Where git differs from the design {warnings.length > 0 ? `(${warnings.length})` : ""}
      </h3>
      {warnings.length === 0 ? (
        <p data-testid="no-divergence" className="text-sm text-emerald-700 dark:text-emerald-400">
          ✓ Every branch matches the design.
        </p>
      ) : (
        <ul className="space-y-2 rounded-md border border-amber-200 bg-amber-50/60 p-3 dark:border-amber-900 dark:bg-amber-950/20">
          {warnings.map((warning, index) => (
            <DivergenceItem
              key={`${warning.code}:${warning.nodeSlug ?? warning.branch ?? index}`}
              warning={warning}
              place="list"
            />
          ))}
        </ul>
      )}
    </section>
  );
}
