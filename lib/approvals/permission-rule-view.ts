// An "Allow always" rule as the UI shows it (a pure module: components import it).
import type { ToolRule } from "@/lib/realtime/approval-view.ts";
import type { AlwaysScope } from "./approval-types.ts";

export interface PermissionRuleView extends ToolRule {
  id: string;
  scope: AlwaysScope;
  repoId: string | null;
  worktreePath: string | null;
  /** As `--allowedTools` receives it, e.g. `Bash(npm test *)`. */
  label: string;
  createdAt: string;
}
