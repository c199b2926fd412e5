"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Settings, SettingsPatch } from "@/lib/settings/settings-schema.ts";
import { fetchJson } from "./fetch-json.ts";

export const settingsKey = ["settings"] as const;

export function useSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => fetchJson<{ settings: Settings }>("/api/settings").then((r) => r.settings),
  });
}

/** PUT /api/settings with the changed fields; the server answers with the full, effective settings. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) =>
      fetchJson<{ settings: Settings }>("/api/settings", { method: "PUT", body: patch }).then((r) => r.settings),
    onSuccess: (settings) => client.setQueryData(settingsKey, settings),
  });
}
