"use client";

import { useState, type FormEvent } from "react";
import type { AgentsAtOnce } from "@/lib/agent/agent-concurrency.ts";
import type { ClaudeBinView, Settings } from "@/lib/settings/settings-schema.ts";
import { ApiError } from "@/components/api/fetch-json.ts";
import { useSaveSettings } from "@/components/api/settings-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { TextArea, TextInput } from "@/components/ui/FormFields.tsx";
import { PermissionModeSelect } from "./PermissionModeSelect.tsx";
import { SettingsField } from "./SettingsField.tsx";
import {
  issuesToFieldErrors,
  toFormValues,
  toSettingsPatch,
  type FieldErrors,
  type SettingsFormValues,
} from "./settings-form-values.ts";

const NUMBER_FIELDS: Array<{
  name: "runTimeoutSeconds" | "maxConcurrentRuns" | "recentMessageCount" | "ledgerPromptEntries" | "maxMessageBytes";
  label: string;
  hint: string;
}> = [
  {
    name: "runTimeoutSeconds",
    label: "Run timeout (seconds)",
    hint: "A run still going after this long is stopped (5 – 86400).",
  },
  {
    name: "maxConcurrentRuns",
    label: "Agents at once",
    hint: "Across all worktrees; further messages wait in a queue and say why (1 – 32). Empty: this machine decides.",
  },
  {
    name: "recentMessageCount",
    label: "Recent window (messages)",
    hint: "Messages after the summary go into each prompt verbatim; past this many, Arbor summarizes the older half (0 – 500).",
  },
  {
    name: "ledgerPromptEntries",
    label: "Decisions and tasks per prompt",
    hint: "The newest this many in force go into each prompt; the rest are named or counted (1 – 1000).",
  },
  { name: "maxMessageBytes", label: "Max message size (bytes)", hint: "Longer messages are refused (1024 – 8388608)." },
];

/** Edits Arbor's settings; refused values are explained next to their field. */
export function SettingsForm(props: { settings: Settings; claude: ClaudeBinView; agentsAtOnce: AgentsAtOnce }) {
  const { settings } = props;
  const [values, setValues] = useState<SettingsFormValues>(() => toFormValues(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveSettings();
  const set = <K extends keyof SettingsFormValues>(field: K, value: SettingsFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    save.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { patch, errors: localErrors } = toSettingsPatch(values);
    setErrors(localErrors);
    if (Object.keys(localErrors).length > 0) return;
    save.mutate(patch, {
      onSuccess: (saved) => setValues(toFormValues(saved.settings)),
      onError: (error) => setErrors(error instanceof ApiError ? issuesToFieldErrors(error.details) : {}),
    });
  };

  const text = (name: "claudeBin" | "model", placeholder: string) => (
    <TextInput
      size="lg"
      id={`settings-${name}`}
      data-testid={`settings-${name}`}
      value={values[name]}
      placeholder={placeholder}
      onChange={(event) => set(name, event.target.value)}
      className="w-full font-mono"
    />
  );
  const tools = (name: "allowedTools" | "disallowedTools", placeholder: string) => (
    <TextArea
      size="lg"
      id={`settings-${name}`}
      data-testid={`settings-${name}`}
      rows={4}
      value={values[name]}
      placeholder={placeholder}
      onChange={(event) => set(name, event.target.value)}
      className="w-full font-mono"
    />
  );

  return (
    <form onSubmit={submit} className="space-y-5" data-testid="settings-form" noValidate>
      <SettingsField
        name="claudeBin"
        label="Claude binary"
        hint={<ClaudeBinHint claude={save.data?.claude ?? props.claude} />}
        error={errors.claudeBin}
      >
        {text("claudeBin", "claude")}
      </SettingsField>
      <SettingsField
        name="model"
        label="Model"
        hint="Empty uses the CLI's default model. Examples: sonnet, opus, claude-sonnet-4-5."
        error={errors.model}
      >
        {text("model", "(CLI default)")}
      </SettingsField>
      <SettingsField
        name="permissionMode"
        label="Permission mode"
        hint="What Claude may do without asking, for worktrees that have not chosen their own mode. Anything else waits for your answer on a card in the chat and in What needs you."
        error={errors.permissionMode}
      >
        <PermissionModeSelect value={values.permissionMode} onChange={(mode) => set("permissionMode", mode)} />
      </SettingsField>
      <SettingsField
        name="allowedTools"
        label="Allowed tools"
        hint="One per line or comma-separated, e.g. Edit, Write, Bash(npm test)."
        error={errors.allowedTools}
      >
        {tools("allowedTools", "Edit\nBash(npm test)")}
      </SettingsField>
      <SettingsField
        name="disallowedTools"
        label="Disallowed tools"
        hint="Refused even when the permission mode would allow them."
        error={errors.disallowedTools}
      >
        {tools("disallowedTools", "WebFetch")}
      </SettingsField>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        {NUMBER_FIELDS.map((field) => (
          <SettingsField
            key={field.name}
            name={field.name}
            label={field.label}
            hint={
              field.name === "maxConcurrentRuns" ? (
                <>
                  {field.hint}{" "}
                  <span data-testid="settings-agents-at-once">{(save.data ?? props).agentsAtOnce.explanation}</span>
                </>
              ) : (
                field.hint
              )
            }
            error={errors[field.name]}
          >
            <TextInput
              size="lg"
              id={`settings-${field.name}`}
              data-testid={`settings-${field.name}`}
              inputMode="numeric"
              placeholder={
                field.name === "maxConcurrentRuns"
                  ? `${(save.data ?? props).agentsAtOnce.concurrency} (automatic)`
                  : undefined
              }
              value={values[field.name]}
              onChange={(event) => set(field.name, event.target.value)}
              className="w-full"
            />
          </SettingsField>
        ))}
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary" size="xl" data-testid="settings-save" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save"}
        </Button>
        {save.isSuccess ? (
          <span data-testid="settings-saved" className="text-sm text-emerald-700 dark:text-emerald-400">
            Saved. New runs use these settings.
          </span>
        ) : null}
      </div>
      {save.error ? <ErrorNotice error={save.error} testId="settings-error" /> : null}
    </form>
  );
}

/** Which binary runs: resolved against Arbor's own PATH when saved, never against a worktree. */
function ClaudeBinHint({ claude }: { claude: ClaudeBinView }) {
  return (
    <>
      A command on Arbor&apos;s PATH or an absolute path; it is resolved to an absolute path when you save (relative
      PATH entries and folders inside pinned repositories are never searched).{" "}
      {claude.path ? (
        <span data-testid="settings-claude-path">
          Runs <code className="break-all font-mono text-zinc-700 dark:text-zinc-300">{claude.path}</code>
        </span>
      ) : (
        <span data-testid="settings-claude-problem" className="text-red-700 dark:text-red-400">
          {claude.problem}
        </span>
      )}
    </>
  );
}
