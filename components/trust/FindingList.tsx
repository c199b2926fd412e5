"use client";

import type { Finding } from "@/lib/trust/trust-types.ts";
import { Badge } from "@/components/ui/Badge.tsx";

/** The findings of an inspection, grouped by where they come from, the serious ones first in each group. */
export function FindingList(props: { findings: Finding[]; newIds: ReadonlySet<string>; worktreeCount: number }) {
  const groups = new Map<string, Finding[]>();
  for (const finding of props.findings) groups.set(finding.source, [...(groups.get(finding.source) ?? []), finding]);
  const ordered = [...groups.entries()].sort(([a], [b]) => rankSource(a) - rankSource(b));
  return (
    <div className="space-y-4" data-testid="trust-findings">
      {ordered.map(([source, findings]) => (
        <section key={source} data-testid="trust-source" data-source={source}>
          <h3 className="mb-1 break-all font-mono text-xs font-semibold text-zinc-600 dark:text-zinc-300">{source}</h3>
          <ul className="space-y-2">
            {[...findings]
              .sort((a, b) => Number(b.isSevere) - Number(a.isSevere))
              .map((finding) => (
                <FindingItem
                  key={finding.id}
                  finding={finding}
                  isNew={props.newIds.has(finding.id)}
                  worktreeCount={props.worktreeCount}
                />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** Claude Code's settings first (what a chat would run), then MCP, skills and agents, then git. */
function rankSource(source: string): number {
  if (source.startsWith(".claude/settings")) return 0;
  if (source === ".mcp.json") return 1;
  if (source.startsWith(".claude")) return 2;
  if (source.startsWith("git config")) return 3;
  return 4;
}

function FindingItem(props: { finding: Finding; isNew: boolean; worktreeCount: number }) {
  const { finding } = props;
  const isEverywhere = finding.worktrees.length >= props.worktreeCount;
  return (
    <li
      data-testid="trust-finding"
      data-kind={finding.kind}
      data-severe={finding.isSevere}
      className={`rounded-md border px-3 py-2 ${finding.isSevere ? "border-red-200 bg-red-50/60 dark:border-red-900 dark:bg-red-950/30" : "border-zinc-200 dark:border-zinc-800"}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="break-all font-mono text-xs font-semibold">{finding.title}</span>
        {finding.isSevere ? (
          <Badge tone="red" size="xs">
            runs or redirects
          </Badge>
        ) : null}
        {props.isNew ? (
          <Badge tone="amber" size="xs" data-testid="trust-finding-new">
            new since you trusted it
          </Badge>
        ) : null}
      </div>
      <p className="mt-1 text-sm">{finding.risk}</p>
      {finding.detail ? (
        <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-zinc-100 px-2 py-1 font-mono text-[11px] dark:bg-zinc-800">
          {finding.detail}
        </pre>
      ) : null}
      {isEverywhere ? null : (
        <p className="mt-1 break-all text-[11px] text-zinc-500">Only in {finding.worktrees.join(", ")}</p>
      )}
    </li>
  );
}
