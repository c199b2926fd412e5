import type { Settings } from "@/lib/settings/settings-schema.ts";

/** What one repository keeps (or the events outside any repository, under the Arbor-wide settings). Pure. */
export interface RetentionPolicy {
  /** Hook events received before this are deleted; null: no age limit. */
  hookEventsBefore: Date | null;
  /** Payload bytes of deletable hook events kept at most, newest first; null: no size limit. */
  hookEventMaxBytes: number | null;
  /** Transcript relays started before this are deleted; null: no age limit. */
  relaysBefore: Date | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function retentionPolicy(
  settings: Pick<Settings, "hookRetentionDays" | "hookRetentionMb" | "transcriptRetentionDays">,
  now: Date,
): RetentionPolicy {
  const before = (days: number) => (days > 0 ? new Date(now.getTime() - days * DAY_MS) : null);
  return {
    hookEventsBefore: before(settings.hookRetentionDays),
    hookEventMaxBytes: settings.hookRetentionMb > 0 ? settings.hookRetentionMb * 1024 * 1024 : null,
    relaysBefore: before(settings.transcriptRetentionDays),
  };
}

export function isRetentionOff(policy: RetentionPolicy): boolean {
  return policy.hookEventsBefore === null && policy.hookEventMaxBytes === null && policy.relaysBefore === null;
}

/**
 * Walking hook events newest first with their payload sizes: the id at and below which the
 * deletable ones go, so that at most `maxBytes` stay. Null while everything seen still fits.
 */
export function sizeCutoff(input: {
  keptBytes: number;
  maxBytes: number;
  newestFirst: ReadonlyArray<{ id: number; payloadBytes: number }>;
}): { cutoffId: number | null; keptBytes: number } {
  let keptBytes = input.keptBytes;
  for (const event of input.newestFirst) {
    if (keptBytes + event.payloadBytes > input.maxBytes) return { cutoffId: event.id, keptBytes };
    keptBytes += event.payloadBytes;
  }
  return { cutoffId: null, keptBytes };
}

/** The sentence the settings page shows for a preview or a sweep. */
export function describeRetention(result: { hookEvents: number; hookEventBytes: number; relays: number }): string {
  if (result.hookEvents === 0 && result.relays === 0) return "Nothing to delete: everything is within the limits.";
  const megabytes = result.hookEventBytes / (1024 * 1024);
  const size = megabytes >= 0.1 ? `${megabytes.toFixed(1)} MB` : `${Math.ceil(result.hookEventBytes / 1024)} KB`;
  const parts = [
    ...(result.hookEvents > 0
      ? [`${result.hookEvents} hook ${result.hookEvents === 1 ? "event" : "events"} (${size} of payload)`]
      : []),
    ...(result.relays > 0 ? [`${result.relays} transcript ${result.relays === 1 ? "relay" : "relays"}`] : []),
  ];
  return parts.join(" and ");
}
