"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  LedgerCounts,
  LedgerEntryView,
  LedgerEventView,
  LedgerKind,
  LedgerScope,
} from "@/lib/ledger/ledger-types.ts";
import { fetchJson } from "./fetch-json.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

export type { LedgerCounts, LedgerEntryView, LedgerEventView };

export interface LedgerFilter {
  /** Entries that apply to this worktree (its own, its node's, its plan's, the repository's); absent: all. */
  worktreePath?: string;
  /** open: in force and proposed; proposed: waiting for the user only; closed: the rest. */
  status: "open" | "proposed" | "closed" | "all";
  kind?: LedgerKind;
  query: string;
}

/** A repository's ledger, newest first; the server invalidates ["ledger", repoId] on every change. */
export function useLedgerEntries(repoId: string, filter: LedgerFilter) {
  return useQuery({
    queryKey: queryKeys.ledgerList(repoId, filter),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ repoId, status: filter.status });
      if (filter.worktreePath) params.set("worktreePath", filter.worktreePath);
      if (filter.kind) params.set("kind", filter.kind);
      if (filter.query.trim()) params.set("q", filter.query.trim());
      return fetchJson<{ entries: LedgerEntryView[] }>(`/api/ledger?${params.toString()}`, { signal }).then(
        (r) => r.entries,
      );
    },
  });
}

/** Open tasks and decisions in force, per worktree and for the repository (the worktree list's badges). */
export function useLedgerCounts(repoId: string) {
  return useQuery({
    queryKey: queryKeys.ledger(repoId),
    queryFn: ({ signal }) => fetchJson<LedgerCounts>(`/api/ledger/counts?repoId=${repoId}`, { signal }),
  });
}

/** One entry's history, oldest change first (loaded when the user opens it). */
export function useLedgerHistory(repoId: string, entryId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.ledgerEntry(repoId, entryId),
    queryFn: ({ signal }) =>
      fetchJson<{ entry: LedgerEntryView; history: LedgerEventView[] }>(`/api/ledger/${entryId}`, { signal }).then(
        (r) => r.history,
      ),
    enabled: isEnabled,
  });
}

export interface NewEntryInput {
  kind: LedgerKind;
  text: string;
  via: "command" | "message" | "selection" | "panel";
  sessionId?: string;
  repoId?: string;
  scope?: LedgerScope;
  messageId?: number;
}

/** POST /api/ledger: the user records a decision or a task. */
export function useRecordEntry(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewEntryInput) =>
      fetchJson<{ entry: LedgerEntryView }>("/api/ledger", { method: "POST", body: input }).then((r) => r.entry),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.ledger(repoId) }),
  });
}

export type EntryChange =
  | { action: "edit"; text: string }
  | { action: "close"; status: "done" | "dropped" }
  | { action: "reopen" }
  | { action: "supersede"; text: string; sessionId?: string }
  | { action: "confirm" }
  | { action: "dismiss" }
  | { action: "undo" };

/** POST /api/ledger/confirm: the user confirms several proposals at once. */
export function useConfirmEntries(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entryIds: number[]) =>
      fetchJson<{ confirmed: number[]; skipped: Array<{ id: number; reason: string }> }>("/api/ledger/confirm", {
        method: "POST",
        body: { repoId, entryIds },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.ledger(repoId) }),
  });
}

/** PATCH /api/ledger/:id: edit, close, reopen, supersede, confirm, dismiss or undo one entry. */
export function useChangeEntry(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, change }: { entryId: number; change: EntryChange }) =>
      fetchJson<{ entry: LedgerEntryView; replacement: LedgerEntryView | null }>(`/api/ledger/${entryId}`, {
        method: "PATCH",
        body: change,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.ledger(repoId) }),
  });
}

/** The prompt text a run sent, fetched when the receipt's "Show the prompt" opens. */
export function useRunPrompt(runId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.runPrompt(runId),
    queryFn: ({ signal }) => fetchJson<{ text: string; digest: string }>(`/api/chat/runs/${runId}/prompt`, { signal }),
    enabled: isEnabled,
    staleTime: Infinity,
  });
}
