import type { MessageView } from "@/lib/realtime/chat-views.ts";

const ENDED_BADLY = new Set(["cancelled", "failed", "timed_out", "interrupted"]);

const LABELS: Record<string, string> = {
  cancelled: "Stopped",
  failed: "Failed",
  timed_out: "Timed out",
  interrupted: "Interrupted",
};

/** The status to flag under an answer that did not finish normally, or null when it did. */
export function failedStatusOf(message: MessageView): string | null {
  if (ENDED_BADLY.has(message.status)) return message.status;
  const runStatus = message.run?.status;
  return runStatus && ENDED_BADLY.has(runStatus) ? runStatus : null;
}

export function isFailedStatus(status: string): boolean {
  return ENDED_BADLY.has(status);
}

export function labelOfStatus(status: string): string {
  return LABELS[status] ?? status;
}
