"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ClaudeBinView, Settings, SettingsPatch } from "@/lib/settings/settings-schema.ts";
import { fetchJson } from "./fetch-json.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

/** GET and PUT /api/settings: the settings and the claude binary that runs. */
export interface SettingsData {
  settings: Settings;
  claude: ClaudeBinView;
}

export function useSettings() {
  return useQuery({
    queryKey: queryKeys.settings(),
    queryFn: () => fetchJson<SettingsData>("/api/settings"),
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
