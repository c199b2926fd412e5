"use client";

import { useMemo } from "react";
import type { FileChangePreview } from "@/lib/realtime/approval-view.ts";
import { Badge } from "@/components/ui/Badge.tsx";
import { diffTexts } from "@/components/ui/diff-hunks.ts";
import { DiffView } from "@/components/ui/DiffView.tsx";

/**
 * A Write or Edit as it would change the file: the diff against the file as it is now ("new file"
 * when it does not exist yet), or why Arbor cannot show one (outside the worktree, binary, …).
 */
export function FileChangeDiff({ preview, worktreePath }: { preview: FileChangePreview; worktreePath: string }) {
  const diff = useMemo(
    () => (preview.after === null ? null : diffTexts({ before: preview.before ?? "", after: preview.after })),
    [preview.before, preview.after],
  );
  const shownPath = preview.path.startsWith(`${worktreePath}/`)
    ? preview.path.slice(worktreePath.length + 1)
    : preview.path;
  return (
    <div data-testid="approval-file-change" className="space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 break-all font-mono text-[11px] font-medium" data-testid="approval-file-path">
          {shownPath}
        </span>
        {preview.before === null && preview.after !== null ? (
          <Badge tone="emerald" data-testid="approval-new-file">
            new file
          </Badge>
        ) : null}
        {diff ? (
          <span className="text-[11px]" data-testid="approval-diff-stats">
            <span className="text-emerald-700 dark:text-emerald-400">+{diff.added}</span>{" "}
            <span className="text-red-700 dark:text-red-400">−{diff.removed}</span>
          </span>
        ) : null}
        {preview.isTruncated ? (
          <Badge tone="amber" title="The file or the change is larger than the preview shows">
            cut to the preview limit
          </Badge>
        ) : null}
      </div>
      {diff ? <DiffView diff={diff} label={`Proposed change to ${shownPath}`} path={shownPath} /> : null}
      {preview.note ? (
        <p className="text-[11px] italic text-zinc-500" data-testid="approval-preview-note">
          {diff ? "" : "No preview: "}
          {preview.note}
        </p>
      ) : null}
    </div>
  );
}
