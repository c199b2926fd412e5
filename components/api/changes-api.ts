"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ChangesFiles,
  ChangesOverview,
  ChangesScope,
  CommitMessageDraft,
  CommitResultView,
  FileDiffView,
  RestorePreview,
  RestoreResult,
  RunChangesView,
} from "@/lib/changes/changes-view.ts";
import type { ChangedFile } from "@/lib/git/change-types.ts";
import { formatScope } from "@/lib/changes/scope-param.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { fetchJson } from "./fetch-json.ts";

export interface WorktreeRef {
  repoId: string;
  worktreePath: string;
}

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
  return search.toString();
}

/** Branch, base, ahead/behind and the commits since the base; scanned each time. */
export function useChangesOverview(input: WorktreeRef & { base: string | null }) {
  return useQuery({
    queryKey: queryKeys.changes(input.repoId, input.worktreePath, "overview", input.base ?? ""),
    queryFn: ({ signal }) =>
      fetchJson<{ overview: ChangesOverview }>(
        `/api/changes/overview?${query({ ...input, base: input.base ?? undefined })}`,
        { signal },
      ).then((r) => r.overview),
  });
}

/** The changed files of one scope (uncommitted, the branch since its base, one commit or one run). */
export function useChangesFiles(input: WorktreeRef & { scope: ChangesScope | null }) {
  const scope = input.scope ? formatScope(input.scope) : "";
  return useQuery({
    queryKey: queryKeys.changes(input.repoId, input.worktreePath, "files", scope),
    enabled: input.scope !== null,
    queryFn: ({ signal }) =>
      fetchJson<ChangesFiles>(
        `/api/changes/files?${query({ repoId: input.repoId, worktreePath: input.worktreePath, scope })}`,
        { signal },
      ),
  });
}

/** One file's diff in a scope. */
export function useFileDiff(input: WorktreeRef & { scope: ChangesScope; file: ChangedFile | null; context: number }) {
  const scope = formatScope(input.scope);
  const file = input.file;
  return useQuery({
    queryKey: queryKeys.changes(
      input.repoId,
      input.worktreePath,
      "diff",
      scope,
      file?.path ?? "",
      file?.oldPath ?? "",
      String(input.context),
    ),
    enabled: file !== null,
    queryFn: ({ signal }) =>
      fetchJson<FileDiffView>(
        `/api/changes/diff?${query({
          repoId: input.repoId,
          worktreePath: input.worktreePath,
          scope,
          path: file!.path,
          oldPath: file!.oldPath ?? undefined,
          untracked: file!.kind === "untracked" ? "1" : undefined,
          context: String(input.context),
        })}`,
        { signal },
      ),
  });
}

/** "Changes by this run": its start and end checkpoints compared. */
export function useRunChanges(input: WorktreeRef & { runId: string; isEnabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.runChanges(input.runId),
    enabled: input.isEnabled,
    queryFn: ({ signal }) =>
      fetchJson<{ changes: RunChangesView }>(
        `/api/changes/runs/${input.runId}?${query({ repoId: input.repoId, worktreePath: input.worktreePath })}`,
        { signal },
      ).then((r) => r.changes),
  });
}

/** What restoring to before a run would overwrite now (fetched when asked, never cached for long). */
export function fetchRestorePreview(input: WorktreeRef & { runId: string }): Promise<RestorePreview> {
  return fetchJson<{ preview: RestorePreview }>(
    `/api/changes/runs/${input.runId}/restore?${query({ repoId: input.repoId, worktreePath: input.worktreePath })}`,
  ).then((r) => r.preview);
}

export function useRestoreRun(input: WorktreeRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { runId: string; expectedTree: string; confirm: boolean }) =>
      fetchJson<{ result: RestoreResult }>(`/api/changes/runs/${body.runId}/restore`, {
        method: "POST",
        body: { ...input, expectedTree: body.expectedTree, confirm: body.confirm },
      }).then((r) => r.result),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.changes(input.repoId, input.worktreePath) }),
  });
}

export function useDraftCommitMessage(input: WorktreeRef) {
  return useMutation({
    mutationFn: (files: ChangedFile[]) =>
      fetchJson<{ draft: CommitMessageDraft }>("/api/changes/commit-message", {
        method: "POST",
        body: {
          ...input,
          files: files.map((file) => ({
            path: file.path,
            oldPath: file.oldPath,
            display: file.display,
            kind: file.kind,
          })),
        },
      }).then((r) => r.draft),
  });
}

export function useCommitChanges(input: WorktreeRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { message: string; files: Array<{ path: string; oldPath: string | null; hunks?: string[] }> }) =>
      fetchJson<{ result: CommitResultView }>("/api/changes/commit", {
        method: "POST",
        body: { ...input, ...body },
      }).then((r) => r.result),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: queryKeys.changes(input.repoId, input.worktreePath) });
      void client.invalidateQueries({ queryKey: queryKeys.worktrees(input.repoId) });
    },
  });
}
