"use client";

import type { HookAction, HookFileResult } from "@/components/api/hooks-api.ts";
import { CopyButton } from "@/components/ui/CopyButton.tsx";
import { describeHookFile, outcomeKey } from "./hook-file-outcome.ts";

/** The settings files of a hooks preview or result: outcome, the change in words, and any by-hand snippet. */
export function HookFileList(props: {
  files: HookFileResult[];
  action: HookAction;
  isPreview: boolean;
  testId: string;
}) {
  return (
    <ul data-testid={props.testId} className="space-y-2">
      {props.files.map((file) => (
        <li
          key={file.file}
          data-testid={`${props.testId}-file`}
          data-outcome={outcomeKey(file)}
          className="rounded border border-zinc-200 p-2 text-xs dark:border-zinc-800"
        >
          <div className="flex min-w-0 items-center gap-2">
            <span className="min-w-0 flex-1 truncate font-mono text-[11px]" title={file.file}>
              {file.file}
            </span>
            <span
              className={`shrink-0 font-medium ${file.outcome === "manual" ? "text-amber-700 dark:text-amber-400" : "text-emerald-700 dark:text-emerald-400"}`}
              data-testid="hooks-file-outcome"
            >
              {describeHookFile({ file, action: props.action, isPreview: props.isPreview })}
            </span>
          </div>
          {props.isPreview ? (
            <FilePreview text={file.preview} />
          ) : (
            <details className="mt-1">
              <summary className="cursor-pointer select-none text-[11px] text-zinc-500">What changed</summary>
              <FilePreview text={file.preview} />
            </details>
          )}
          {file.backupPath ? (
            <p className="mt-1 text-[11px] text-zinc-500">
              Backup of the old file: <span className="font-mono">{file.backupPath}</span>
            </p>
          ) : null}
          {file.outcome === "manual" ? <ManualSnippet reason={file.reason ?? ""} snippet={file.snippet ?? ""} /> : null}
        </li>
      ))}
    </ul>
  );
}

function FilePreview({ text }: { text: string }) {
  return (
    <pre
      className="mt-1 whitespace-pre-wrap break-words text-[11px] text-zinc-600 dark:text-zinc-400"
      data-testid="hooks-file-preview"
    >
      {text}
    </pre>
  );
}

function ManualSnippet({ reason, snippet }: { reason: string; snippet: string }) {
  return (
    <div className="mt-1">
      <p className="text-amber-800 dark:text-amber-300">{reason}</p>
      <div className="relative mt-1">
        <pre
          data-testid="hooks-manual-snippet"
          className="max-h-64 overflow-auto rounded bg-zinc-100 p-2 font-mono text-[11px] dark:bg-zinc-950"
        >
          {snippet}
        </pre>
        <CopyButton getText={() => snippet} size="xs" className="absolute right-1 top-1 bg-white dark:bg-zinc-900" />
      </div>
    </div>
  );
}
