"use client";

import { useState, type FormEvent } from "react";
import { usePins } from "@/components/api/pins-api.ts";
import { usePolicies, useSavePolicies } from "@/components/api/policies-api.ts";
import { useRepoSettings, useSaveRepoSettings } from "@/components/api/settings-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { Checkbox, Select, TextInput } from "@/components/ui/FormFields.tsx";
import type { PermissionMode } from "@/lib/agent/claude-args.ts";
import { LAND_METHOD_LABELS, LAND_METHODS } from "@/lib/settings/land-methods.ts";
import type { RepoSettingKey, RepoSettingsView } from "@/lib/settings/repo-settings-schema.ts";
import { ChecksEditor } from "@/components/checks/ChecksEditor.tsx";
import { PermissionModeSelect } from "./PermissionModeSelect.tsx";
import { RetentionActions } from "./RetentionActions.tsx";
import { RunnerOffer } from "./RunnerOffer.tsx";
import {
  formatSettingValue,
  REPO_SETTING_ROWS,
  toRepoSettingsForm,
  toRepoSettingsPatch,
  type RepoSettingsForm,
} from "./repo-settings-form.ts";

/**
 * "Per repository": the settings a repository overrides (model, default permission mode, upkeep)
 * over the Arbor-wide ones above, each row saying the value in force and where it comes from;
 * and the repository's recorder switch.
 */
export function RepoSettingsSection(props: { initialRepoId: string | null }) {
  const pins = usePins();
  const [chosen, setChosen] = useState<string | null>(null);
  const repoId = chosen ?? props.initialRepoId ?? pins.data?.[0]?.repoId ?? null;
  return (
    <section className="mt-10 border-t border-zinc-200 pt-6 dark:border-zinc-800" data-testid="repo-settings">
      <h2 className="text-base font-semibold">Per repository</h2>
      <p className="mb-4 text-sm text-zinc-500">
        A repository can use its own model, default permission mode, land method, upkeep and retention; everything else
        is Arbor-wide.
      </p>
      {pins.error ? <ErrorNotice error={pins.error} /> : null}
      {pins.data?.length === 0 ? (
        <p className="text-sm text-zinc-500">Pin a repository to give it its own settings.</p>
      ) : null}
      {pins.data && pins.data.length > 0 ? (
        <label className="mb-4 flex items-center gap-2 text-sm font-medium">
          Repository
          <Select
            data-testid="repo-settings-repo"
            value={repoId ?? ""}
            onChange={(event) => setChosen(event.target.value)}
            className="min-w-0 flex-1"
          >
            {pins.data.map((pin) => (
              <option key={pin.repoId} value={pin.repoId}>
                {pin.label || pin.repoName}
              </option>
            ))}
          </Select>
        </label>
      ) : null}
      {repoId ? <RepoSettingsEditor key={repoId} repoId={repoId} /> : null}
    </section>
  );
}

function RepoSettingsEditor({ repoId }: { repoId: string }) {
  const view = useRepoSettings(repoId);
  if (view.error) return <ErrorNotice error={view.error} testId="repo-settings-error" />;
  if (!view.data) return <p className="text-sm text-zinc-500">Loading…</p>;
  return (
    <>
      <OverridesForm repoId={repoId} view={view.data} />
      <ChecksEditor repoId={repoId} checks={view.data.checks} proposedChecks={view.data.proposedChecks} />
      <RetentionActions repoId={repoId} />
      <RecorderSwitch repoId={repoId} />
      <RunnerOffer repoId={repoId} />
    </>
  );
}

function OverridesForm({ repoId, view }: { repoId: string; view: RepoSettingsView }) {
  const [form, setForm] = useState<RepoSettingsForm>(() => toRepoSettingsForm(view));
  const [errors, setErrors] = useState<Partial<Record<RepoSettingKey, string>>>({});
  const save = useSaveRepoSettings(repoId);
  const change = (key: RepoSettingKey, next: Partial<RepoSettingsForm[RepoSettingKey]>) => {
    setForm((current) => ({ ...current, [key]: { ...current[key], ...next } }));
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = toRepoSettingsPatch(form, view);
    if ("errors" in result) return setErrors(result.errors);
    setErrors({});
    save.mutate(result.patch, { onSuccess: (saved) => setForm(toRepoSettingsForm(saved)) });
  };
  const shown = save.data ?? view;
  return (
    <form onSubmit={submit} className="space-y-3" data-testid="repo-settings-form">
      {REPO_SETTING_ROWS.map((row) => {
        const entry = form[row.key];
        const isOverridden = row.key in shown.overrides;
        return (
          <div
            key={row.key}
            data-testid={`repo-setting-${row.key}`}
            className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <label className="flex items-center gap-2 text-sm font-medium">
                <Checkbox
                  checked={entry.isOverridden}
                  onChange={(event) => change(row.key, { isOverridden: event.target.checked })}
                  data-testid={`repo-setting-${row.key}-override`}
                />
                {row.label}
              </label>
              <span
                className="text-xs text-zinc-600 dark:text-zinc-400"
                data-testid={`repo-setting-${row.key}-effective`}
              >
                In force: <strong>{formatSettingValue(shown.effective[row.key])}</strong>{" "}
                {isOverridden ? "(this repository)" : "(Arbor-wide)"}
              </span>
            </div>
            {entry.isOverridden ? (
              <div className="mt-2">
                <ValueInput row={row} raw={entry.raw} onChange={(raw) => change(row.key, { raw })} />
              </div>
            ) : null}
            <p className="mt-1 text-xs text-zinc-500">
              {row.hint}
              {isOverridden ? ` Arbor-wide: ${formatSettingValue(shown.inherited[row.key])}.` : null}
            </p>
            {errors[row.key] ? (
              <p
                role="alert"
                className="mt-1 text-xs text-red-700 dark:text-red-400"
                data-testid={`repo-setting-${row.key}-error`}
              >
                {errors[row.key]}
              </p>
            ) : null}
          </div>
        );
      })}
      {save.error ? <ErrorNotice error={save.error} testId="repo-settings-save-error" /> : null}
      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary" size="lg" disabled={save.isPending} data-testid="repo-settings-save">
          {save.isPending ? "Saving…" : "Save for this repository"}
        </Button>
        {save.isSuccess ? (
          <span className="text-xs text-emerald-700 dark:text-emerald-400" data-testid="repo-settings-saved">
            Saved. New runs in this repository use it.
          </span>
        ) : null}
      </div>
    </form>
  );
}

function ValueInput(props: { row: (typeof REPO_SETTING_ROWS)[number]; raw: string; onChange: (raw: string) => void }) {
  const id = `repo-setting-${props.row.key}-value`;
  if (props.row.kind === "mode")
    return <PermissionModeSelect value={props.raw as PermissionMode} onChange={props.onChange} id={id} />;
  if (props.row.kind === "land")
    return (
      <Select
        data-testid={id}
        aria-label={props.row.label}
        value={props.raw}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {LAND_METHODS.map((method) => (
          <option key={method} value={method}>
            {LAND_METHOD_LABELS[method]}
          </option>
        ))}
      </Select>
    );
  if (props.row.kind === "boolean")
    return (
      <Select
        data-testid={id}
        aria-label={props.row.label}
        value={props.raw}
        onChange={(event) => props.onChange(event.target.value)}
      >
        <option value="true">on</option>
        <option value="false">off</option>
      </Select>
    );
  return (
    <TextInput
      data-testid={id}
      aria-label={props.row.label}
      inputMode={props.row.kind === "number" ? "numeric" : undefined}
      value={props.raw}
      onChange={(event) => props.onChange(event.target.value)}
      className="w-full"
    />
  );
}

function RecorderSwitch({ repoId }: { repoId: string }) {
  const policies = usePolicies(repoId);
  const save = useSavePolicies(repoId);
  if (!policies.data) return null;
  return (
    <div
      className="mt-4 rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800"
      data-testid="repo-setting-recorder"
    >
      <label className="flex items-center gap-2 font-medium">
        <Checkbox
          checked={policies.data.recorderEnabled}
          onChange={(event) => save.mutate({ recorderEnabled: event.target.checked })}
          data-testid="repo-setting-recorder-toggle"
        />
        Conversation recorder
      </label>
      <p className="mt-1 text-xs text-zinc-500">
        Logs the topics of every Claude session in this repository (Arbor&apos;s and the terminal&apos;s) from its hook
        events.
      </p>
      {save.error ? <ErrorNotice error={save.error} /> : null}
    </div>
  );
}
