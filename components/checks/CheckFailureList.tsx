"use client";

import { labelFailureFormat } from "@/lib/checks/failure-format-label.ts";
import type { CheckFailures } from "@/lib/realtime/check-views.ts";

/** The failing tests found in a check's output, each with its file and line and its own lines: read first. */
export function CheckFailureList({ found }: { found: CheckFailures }) {
  const count = found.failures.length + found.omitted;
  return (
    <section data-testid="check-run-failures" data-format={found.format} className="mt-2 flex flex-col gap-1">
      <h3 className="text-xs font-semibold text-red-700 dark:text-red-400">
        {count === 1 ? "1 failing test" : `${count} failing tests`} in the {labelFailureFormat(found.format)} output
        {found.omitted > 0 ? ` (the first ${found.failures.length} shown)` : ""}
      </h3>
      <ol className="flex flex-col gap-1">
        {found.failures.map((failure, index) => (
          <li
            key={`${index}:${failure.name}`}
            data-testid="check-run-failure"
            data-name={failure.name}
            className="rounded border border-red-200 bg-red-50 p-1.5 dark:border-red-900 dark:bg-red-950/40"
          >
            <div className="flex flex-wrap items-baseline gap-x-2 text-xs">
              <strong className="font-semibold break-all" data-testid="check-run-failure-name">
                {failure.name}
              </strong>
              {failure.file ? (
                <code className="break-all text-zinc-600 dark:text-zinc-400" data-testid="check-run-failure-place">
                  {failure.file}
                  {failure.line ? `:${failure.line}` : ""}
                </code>
              ) : null}
            </div>
            <pre className="mt-1 max-h-48 overflow-auto whitespace-pre font-mono text-xs text-zinc-800 dark:text-zinc-200">
              {failure.lines.join("\n")}
            </pre>
          </li>
        ))}
      </ol>
    </section>
  );
}
