"use client";

import { useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { afterSeqOf } from "./apply-run-event.ts";
import { handleServerMessage } from "./handle-server-message.ts";
import type { LiveRunsState } from "./live-run-types.ts";
import { RealtimeClient } from "./realtime-client.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

const RealtimeContext = createContext<RealtimeClient | null>(null);

/** Opens the tab's one WebSocket to /ws and feeds what arrives into the React Query cache. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [client] = useState(
    () =>
      new RealtimeClient({
        url: () => `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/ws`,
        onMessage: (message) => handleServerMessage(queryClient, message),
        afterSeqFor: (sessionId) =>
          afterSeqOf(queryClient.getQueryData<LiveRunsState>(queryKeys.liveRuns(sessionId)) ?? { runs: {} }),
        onReconnected: ({ sessionIds, hasHooks, hasNotifications }) => {
          // Run events are replayed from afterSeq, but finished runs and activity changes that
          // happened while the socket was down may be older than the server's replay window.
          for (const sessionId of sessionIds)
            void queryClient.invalidateQueries({ queryKey: queryKeys.messages(sessionId) });
          void queryClient.invalidateQueries({ queryKey: queryKeys.activity() });
          void queryClient.invalidateQueries({ queryKey: queryKeys.attention() });
          void queryClient.invalidateQueries({ queryKey: queryKeys.approvals() });
          // Hook events are not replayed: refetch the lists that were live.
          if (hasHooks)
            for (const queryKey of [queryKeys.hookEvents(), queryKeys.relays(), queryKeys.hookSessions()])
              void queryClient.invalidateQueries({ queryKey });
          // Notifications are not replayed either: the inbox is asked again.
          if (hasNotifications) void queryClient.invalidateQueries({ queryKey: queryKeys.notifications() });
        },
      }),
  );

  useEffect(() => {
    client.start();
    return () => client.stop();
  }, [client]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error("useRealtime must be used inside <RealtimeProvider>");
  return client;
}
