import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { fetchJson } from "./fetch-json.ts";

export interface SignedInBrowser {
  id: string;
  label: string;
  /** How this browser's answers are signed, e.g. "Firefox on Linux · 3f9a". */
  name: string;
  createdAt: string;
  lastSeenAt: string;
  isCurrent: boolean;
}

/** GET /api/sign-in/sessions: the browsers signed in to this Arbor. */
export function useSignedInBrowsers() {
  return useQuery({
    queryKey: queryKeys.signInSessions(),
    queryFn: ({ signal }) =>
      fetchJson<{ sessions: SignedInBrowser[] }>("/api/sign-in/sessions", { signal }).then((r) => r.sessions),
    staleTime: 60_000,
  });
}

/** POST /api/sign-in/links: a one-time link for another device, shown to this page only. */
export function useSignInLink() {
  return useMutation({
    mutationFn: () =>
      fetchJson<{ link: { url: string; expiresAt: string } }>("/api/sign-in/links", { method: "POST" }).then(
        (r) => r.link,
      ),
  });
}

/** DELETE /api/sign-in/sessions/[id]: signs a browser out at once. */
export function useSignOutBrowser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      fetchJson<{ ok: true }>(`/api/sign-in/sessions/${encodeURIComponent(sessionId)}`, { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.signInSessions() }),
  });
}
