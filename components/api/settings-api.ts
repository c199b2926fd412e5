"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Settings, SettingsPatch } from "@/lib/settings/settings-schema.ts";
import { fetchJson } from "./fetch-json.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

export function useSettings() {
  return useQuery({
    queryKey: queryKeys.settings(),
    queryFn: () => fetchJson<{ settings: Settings }>("/api/settings").then((r) => r.settings),
  });
}

/** PUT /api/settings with the changed fields; the server answers with the full, effective settings. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) =>
      fetchJson<{ settings: Settings }>("/api/settings", { method: "PUT", body: patch }).then((r) => r.settings),
    onSuccess: (settings) => client.setQueryData(queryKeys.settings(), settings),
  });
}
