"use client";

import type { PermissionMode } from "@/lib/agent/claude-args.ts";
import { Badge } from "@/components/ui/Badge.tsx";
import { Select } from "@/components/ui/FormFields.tsx";

/** Every mode `claude --permission-mode` accepts, with what it means (the Record keeps this list complete). */
const MODES: Record<PermissionMode, string> = {
  default: "default — asks you in the chat before a tool not allowed below runs",
  acceptEdits: "acceptEdits — file edits allowed without asking",
  plan: "plan — read-only planning, no changes",
  auto: "auto — the CLI approves or refuses tools automatically",
  dontAsk: "dontAsk — refuse anything not allowed below, never ask",
  bypassPermissions: "bypassPermissions — every tool allowed (dangerous)",
};

export function PermissionModeSelect(props: {
  value: PermissionMode;
  onChange: (mode: PermissionMode) => void;
  /** Another select than the Arbor-wide one (its id and test id). */
  id?: string;
}) {
  return (
    <div className="flex items-center gap-2">
      <Select
        size="lg"
        id={props.id ?? "settings-permissionMode"}
        data-testid={props.id ?? "settings-permission-mode"}
        aria-label="Permission mode"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as PermissionMode)}
        className="w-full"
      >
        {(Object.keys(MODES) as PermissionMode[]).map((mode) => (
          <option key={mode} value={mode}>
            {MODES[mode]}
          </option>
        ))}
      </Select>
      {props.value === "bypassPermissions" ? (
        <Badge tone="red" size="md" data-testid="bypass-warning" className="shrink-0">
          dangerous: Claude can run any command without asking
        </Badge>
      ) : null}
    </div>
  );
}
