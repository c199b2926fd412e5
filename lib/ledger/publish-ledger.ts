import { repoTopic, type EventHub } from "@/lib/realtime/event-hub.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

/** Tells every open tab of the repository that its ledger (lists and counts) changed. */
export function publishLedgerChange(hub: EventHub, repoId: string): void {
  hub.publish(repoTopic(repoId), { type: "invalidate", queryKey: queryKeys.ledger(repoId) });
}
