import type { HookSettingsPlan } from "@/lib/hook-events/settings-file/hook-settings.ts";

/** What installing or removing Arbor's hooks did (or would do) to one settings file. */
export interface HookFileResult {
  file: string;
  outcome: HookSettingsPlan["outcome"];
  preview: string;
  /** For `manual`: why Arbor would not rewrite the file, and what to add or remove by hand. */
  reason?: string;
  snippet?: string;
  backupPath?: string;
  isWritten: boolean;
}
