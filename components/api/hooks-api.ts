"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { HookFileResult } from "@/lib/hook-ingest/hook-file-result.ts";
import type { HookEventView, RelayView } from "@/lib/hook-events/hook-event-view.ts";
import type { WorktreeHookStatus } from "@/lib/hook-events/settings-file/hook-status.ts";
import type { HookEventFilter as HookEventQuery } from "@/lib/hook-ingest/hook-event-filter.ts";
import type { HistoryImportView } from "@/lib/hook-events/transcripts/history-import-progress.ts";
import { fetchJson } from "./fetch-json.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

/** The filters of GET /api/hooks/events (paging aside); also the second part of the cache key. */
export type HookEventFilter = Omit<HookEventQuery, "beforeId" | "limit">;

export interface RelayFilter {
  worktreePath?: string;
  sessionId?: string;
}

export interface HookEventPage {
  events: HookEventView[];
  hasMore: boolean;
}

export interface HookSessionView {
  sessionId: string;
  worktreePath: string | null;
  eventCount: number;
  firstAt: string | null;
  lastAt: string | null;
  runId: string | null;
  isArborRun: boolean;
}

export type HookScope = "worktree" | "repo" | "user";
export type HookAction = "install" | "uninstall";
export type { HookFileResult };

/** Drops empty filter fields so equal filters share one cache entry. */
export function cleanFilter<T extends object>(filter: T): T {
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined && value !== "" && value !== false),
  ) as T;
}

function toQuery(filter: object, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(cleanFilter(filter))) query.set(key, value === true ? "1" : String(value));
  return query.toString();
}

/** Hook events, newest first, in pages of `pageSize`; live events are merged in by the realtime handler. */
export function useHookEvents(filter: HookEventFilter, options: { pageSize?: number; isEnabled?: boolean } = {}) {
  const pageSize = options.pageSize ?? 200;
  const clean = cleanFilter(filter);
  return useInfiniteQuery({
    queryKey: queryKeys.hookEvents(clean),
    queryFn: ({ pageParam, signal }) => {
      const extra: Record<string, string> = { limit: String(pageSize) };
      if (pageParam !== null) extra.beforeId = String(pageParam);
      return fetchJson<HookEventPage>(`/api/hooks/events?${toQuery(clean, extra)}`, { signal });
    },
    initialPageParam: null as number | null,
    getNextPageParam: (page) => (page.hasMore ? (page.events.at(-1)?.id ?? undefined) : undefined),
    enabled: options.isEnabled ?? true,
  });
}

/** One event with its full payload (fetched when a row is expanded; events never change). */
export function useHookEventPayload(id: number, isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.hookEvent(id),
    queryFn: ({ signal }) =>
      fetchJson<{ event: HookEventView }>(`/api/hooks/events/${id}`, { signal }).then((r) => r.event),
    enabled: isEnabled,
    staleTime: Infinity,
  });
}

export function useRelays(filter: RelayFilter, options: { isEnabled?: boolean } = {}) {
  const clean = cleanFilter(filter);
  return useQuery({
    queryKey: queryKeys.relays(clean),
    queryFn: ({ signal }) =>
      fetchJson<{ relays: RelayView[] }>(`/api/hooks/relays?${toQuery(clean)}`, { signal }).then((r) => r.relays),
    enabled: options.isEnabled ?? true,
  });
}

export function useHookSessions(worktreePath: string | null) {
  return useQuery({
    queryKey: queryKeys.hookSessions(worktreePath),
    queryFn: ({ signal }) =>
      fetchJson<{ sessions: HookSessionView[] }>(
        `/api/hooks/sessions?${toQuery({ worktreePath: worktreePath ?? undefined })}`,
        { signal },
      ).then((r) => r.sessions),
  });
}

/** GET /api/hooks/status: whether Arbor's hooks are installed for a worktree, per settings scope. */
export function useHookStatus(input: { repoId: string; worktreePath: string }) {
  return useQuery({
    queryKey: queryKeys.hookStatus(input.repoId, input.worktreePath),
    queryFn: ({ signal }) => fetchJson<WorktreeHookStatus>(`/api/hooks/status?${toQuery(input)}`, { signal }),
  });
}

/** POST /api/hooks/install: `apply: false` previews, `apply: true` writes (and the hook status is asked again). */
export function useChangeHooks() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      scope: HookScope;
      repoId: string;
      worktreePath: string;
      action: HookAction;
      apply: boolean;
    }) =>
      fetchJson<{ files: HookFileResult[] }>("/api/hooks/install", { method: "POST", body: input }).then(
        (r) => r.files,
      ),
    onSuccess: (_files, input) => {
      if (input.apply) void client.invalidateQueries({ queryKey: queryKeys.hookStatus() });
    },
  });
}

/** The worktree's running or last "Import history" (kept live by `history_import` messages). */
export function useHistoryImport(repoId: string, worktreePath: string) {
  return useQuery({
    queryKey: queryKeys.historyImport(repoId, worktreePath),
    queryFn: ({ signal }) =>
      fetchJson<{ job: HistoryImportView | null }>(
        `/api/hooks/import?${new URLSearchParams({ repoId, worktreePath }).toString()}`,
        { signal },
      ).then((r) => r.job),
    // Pushed by `history_import` messages; asked again now and then while running, in case the socket was away.
    refetchInterval: (query) => (query.state.data?.status === "running" ? 5_000 : false),
  });
}

/** POST /api/hooks/import starts the import (or returns the running one); DELETE cancels it. */
export function useImportHistory() {
  const client = useQueryClient();
  const onSuccess = (result: { job: HistoryImportView | null }, input: { repoId: string; worktreePath: string }) =>
    client.setQueryData(queryKeys.historyImport(input.repoId, input.worktreePath), result.job);
  const start = useMutation({
    mutationFn: (input: { repoId: string; worktreePath: string }) =>
      fetchJson<{ job: HistoryImportView }>("/api/hooks/import", { method: "POST", body: input }),
    onSuccess,
  });
  const cancel = useMutation({
    mutationFn: (input: { repoId: string; worktreePath: string }) =>
      fetchJson<{ job: HistoryImportView | null }>("/api/hooks/import", { method: "DELETE", body: input }),
    onSuccess,
  });
  return { start, cancel };
}
