"use client";

import type { ChangedFile } from "@/lib/git/change-types.ts";
import { Badge, type BadgeTone } from "@/components/ui/Badge.tsx";
import { Checkbox } from "@/components/ui/FormFields.tsx";
import { classNames } from "@/components/ui/class-names.ts";

const KIND: Record<ChangedFile["kind"], { label: string; tone: BadgeTone }> = {
  added: { label: "added", tone: "emerald" },
  untracked: { label: "new", tone: "emerald" },
  modified: { label: "modified", tone: "sky" },
  deleted: { label: "deleted", tone: "red" },
  renamed: { label: "renamed", tone: "violet" },
  copied: { label: "copied", tone: "violet" },
  type_changed: { label: "type changed", tone: "amber" },
  conflicted: { label: "conflict", tone: "orange" },
};

/** What else is true of a file: binary, mode change, symlink, submodule, generated. */
function notesOf(file: ChangedFile): string[] {
  const notes: string[] = [];
  if (file.isBinary) notes.push("binary");
  if (file.oldMode && file.newMode && file.oldMode !== file.newMode && !file.isSymlink && !file.isSubmodule)
    notes.push(`mode ${file.oldMode} → ${file.newMode}`);
  if (file.isSymlink) notes.push("symlink");
  if (file.isSubmodule) notes.push("submodule");
  if (file.isGenerated) notes.push("generated");
  return notes;
}

/** Changed files with status and +/− counts; a click opens one's diff, a checkbox picks it for the commit. */
export function ChangedFileList(props: {
  files: ChangedFile[];
  totalFiles: number;
  selectedPath: string | null;
  onSelect: (file: ChangedFile) => void;
  checked?: ReadonlySet<string>;
  onCheck?: (file: ChangedFile, isChecked: boolean) => void;
  testId?: string;
}) {
  if (props.files.length === 0) {
    return (
      <p data-testid={`${props.testId ?? "changed-files"}-empty`} className="px-2 py-3 text-xs text-zinc-500">
        No changes.
      </p>
    );
  }
  return (
    <ul data-testid={props.testId ?? "changed-files"} className="max-h-64 overflow-auto text-xs">
      {props.files.map((file) => {
        const kind = KIND[file.kind];
        const notes = notesOf(file);
        return (
          <li
            key={`${file.oldPath ?? ""}\0${file.path}`}
            data-testid="changed-file"
            data-path={file.display}
            data-kind={file.kind}
            className={classNames(
              "flex items-center gap-2 rounded px-2 py-0.5",
              props.selectedPath === file.path && "bg-zinc-100 dark:bg-zinc-800",
            )}
          >
            {props.onCheck ? (
              <Checkbox
                data-testid="changed-file-check"
                aria-label={`Commit ${file.display}`}
                checked={props.checked?.has(file.path) ?? false}
                onChange={(event) => props.onCheck!(file, event.target.checked)}
              />
            ) : null}
            <button
              type="button"
              data-testid="changed-file-open"
              className="min-w-0 flex-1 truncate text-left font-mono hover:underline"
              title={file.oldDisplay ? `${file.oldDisplay} → ${file.display}` : file.display}
              onClick={() => props.onSelect(file)}
            >
              {file.oldDisplay ? `${file.oldDisplay} → ` : ""}
              {file.display}
            </button>
            {notes.map((note) => (
              <Badge key={note} tone="muted" size="xs">
                {note}
              </Badge>
            ))}
            {file.isStaged ? (
              <Badge tone="zinc" size="xs" data-testid="changed-file-staged">
                staged
              </Badge>
            ) : null}
            <Badge tone={kind.tone} size="xs" data-testid="changed-file-kind">
              {kind.label}
            </Badge>
            <span className="w-16 shrink-0 text-right font-mono" data-testid="changed-file-counts">
              {file.additions === null ? (
                <span className="text-zinc-500">—</span>
              ) : (
                <>
                  <span className="text-emerald-700 dark:text-emerald-400">+{file.additions}</span>{" "}
                  <span className="text-red-700 dark:text-red-400">−{file.deletions}</span>
                </>
              )}
            </span>
          </li>
        );
      })}
      {props.totalFiles > props.files.length ? (
        <li className="px-2 py-1 text-zinc-500">…and {props.totalFiles - props.files.length} more files</li>
      ) : null}
    </ul>
  );
}
