"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AgentsAtOnce } from "@/lib/agent/agent-concurrency.ts";
import type { RepoSettingsWithChecks, RepoSettingsChecksPatch } from "@/lib/checks/repo-checks-view.ts";
import type { ClaudeBinView, Settings, SettingsPatch } from "@/lib/settings/settings-schema.ts";
import { fetchJson } from "./fetch-json.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

/** GET and PUT /api/settings: the settings, the claude binary that runs, and how many agents run at once. */
export interface SettingsData {
  settings: Settings;
  claude: ClaudeBinView;
  agentsAtOnce: AgentsAtOnce;
}

export function useSettings() {
  return useQuery({
    queryKey: queryKeys.settings(),
    queryFn: ({ signal }) => fetchJson<SettingsData>("/api/settings", { signal }),
  });
}

/** PUT /api/settings with the changed fields; the server answers with the full, effective settings. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => fetchJson<SettingsData>("/api/settings", { method: "PUT", body: patch }),
    onSuccess: (data) => client.setQueryData(queryKeys.settings(), data),
  });
}

export function useRepoSettings(repoId: string | null) {
  return useQuery({
    queryKey: queryKeys.repoSettings(repoId ?? ""),
    queryFn: ({ signal }) =>
      fetchJson<{ settings: RepoSettingsWithChecks }>(`/api/repos/${repoId}/settings`, { signal }).then(
        (r) => r.settings,
      ),
    enabled: repoId !== null,
  });
}

/** PUT /api/repos/:repoId/settings: values override, null inherits the Arbor-wide value again; `checks` replaces the list. */
export function useSaveRepoSettings(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: RepoSettingsChecksPatch) =>
      fetchJson<{ settings: RepoSettingsWithChecks }>(`/api/repos/${repoId}/settings`, {
        method: "PUT",
        body: patch,
      }).then((r) => r.settings),
    onSuccess: (view) => {
      client.setQueryData(queryKeys.repoSettings(repoId), view);
      // The worktrees' default permission mode may have changed.
      void client.invalidateQueries({ queryKey: queryKeys.worktreeMode(repoId) });
    },
  });
}

export interface RetentionOutcome {
  result: { hookEvents: number; hookEventBytes: number; relays: number };
  message: string;
  applied: boolean;
}

/** POST /api/repos/:id/retention: what the retention settings would delete, or ({ apply: true }) delete it now. */
export function useRepoRetention(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (apply: boolean) =>
      fetchJson<RetentionOutcome>(`/api/repos/${repoId}/retention`, { method: "POST", body: { apply } }),
    onSuccess: (outcome) => {
      // The Logs page and timelines read what is gone now.
      if (!outcome.applied) return;
      for (const queryKey of [queryKeys.hookEvents(), queryKeys.relays(), queryKeys.hookSessions()])
        void client.invalidateQueries({ queryKey });
    },
  });
}
