import type { HookAction, HookFileResult } from "@/components/api/hooks-api.ts";

/** What happened (or, in a preview, what would happen) to one settings file, in words. */
export function describeHookFile(input: { file: HookFileResult; action: HookAction; isPreview: boolean }): string {
  const { file, action, isPreview } = input;
  if (file.outcome === "manual") return "edit by hand";
  if (file.outcome === "unchanged") return action === "install" ? "already installed" : "not installed";
  if (isPreview) return action === "install" ? "will add Arbor's hooks" : "will remove Arbor's hooks";
  if (!file.isWritten) return "not written";
  return action === "install" ? "written" : "removed";
}

/** The data-outcome of a result row: written, unchanged or manual. */
export function outcomeKey(file: HookFileResult): "written" | "unchanged" | "manual" | "pending" {
  if (file.outcome === "manual") return "manual";
  if (file.outcome === "unchanged") return "unchanged";
  return file.isWritten ? "written" : "pending";
}
