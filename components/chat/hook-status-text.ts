import type { HookCoverage, HookStatusScope, WorktreeHookStatus } from "@/lib/hook-events/settings-file/hook-status.ts";

const SCOPE_LABEL: Record<HookStatusScope, string> = {
  user: "user settings",
  project: "project settings",
  local: "local settings",
};

const COVERAGE_LABEL: Record<HookCoverage, string> = {
  installed: "installed",
  partial: "some events missing",
  absent: "not installed",
  unreadable: "unreadable",
};

/**
 * The chat header's hook badge: its short text, its tone and the line per scope behind it. Hooks in
 * any one scope are enough (Claude Code merges them); a partial install anywhere asks for an update.
 */
export function describeHookStatus(status: WorktreeHookStatus): {
  label: string;
  tone: "emerald" | "amber" | "zinc";
  canInstall: boolean;
  details: string[];
} {
  const details = status.scopes.map(
    (item) => `${SCOPE_LABEL[item.scope]}: ${COVERAGE_LABEL[item.coverage]} (${item.file})`,
  );
  const isPartial = status.scopes.some((item) => item.coverage === "partial");
  if (status.installedIn.length > 0) {
    const where = status.installedIn.map((scope) => scope).join(" + ");
    return { label: `Hooks: ${where}`, tone: "emerald", canInstall: false, details };
  }
  if (isPartial) return { label: "Hooks incomplete", tone: "amber", canInstall: true, details };
  return { label: "No hooks", tone: "zinc", canInstall: true, details };
}
