"use client";

import { usePolicies, useSavePolicies, type RepoPolicyView } from "@/components/api/policies-api.ts";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { PolicySwitch } from "./PolicySwitch.tsx";
import { TopicsCountField } from "./TopicsCountField.tsx";

type SwitchField = Exclude<keyof RepoPolicyView, "sessionStartTopics">;

const SWITCHES: Array<{ field: SwitchField; testId: string; label: string; hint: string }> = [
  {
    field: "recorderEnabled",
    testId: "policy-recorder",
    label: "Conversation recorder",
    hint: "Claude ends every answer with a hidden topic tag; each exchange is logged under its topic with a one-line summary.",
  },
  {
    field: "enforceMetaTag",
    testId: "policy-enforce",
    label: "Enforce the topic tag",
    hint: "An answer without the tag is blocked at Stop and Claude is asked to add it; leaving a topic without a decision is blocked too.",
  },
  {
    field: "notifierEnabled",
    testId: "policy-notifier",
    label: "Completion / error notifier",
    hint: "When Claude says a task is done, or that it stopped on an error, the inbox (bell) gets a notification.",
  },
  {
    field: "stateRestoreEnabled",
    testId: "policy-restore",
    label: "State restore",
    hint: "Where the work stands is saved at compaction and session end, and told to the session that resumes.",
  },
];

/** The repository's hook policies; each change is saved at once. They act through the installed hooks. */
export function PoliciesPanel({ repoId }: { repoId: string }) {
  const policies = usePolicies(repoId);
  const save = useSavePolicies(repoId);
  const data = policies.data;
  return (
    <section
      data-testid="policies-panel"
      data-save-state={save.status}
      className="space-y-1 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <header className="flex items-center gap-2">
        <h2 className="mr-auto text-sm font-semibold">Hook policies</h2>
        <span className="text-[11px] text-zinc-500" data-testid="policies-status">
          {save.isPending ? "Saving…" : save.isSuccess ? "Saved" : ""}
        </span>
      </header>
      <p className="text-[11px] text-zinc-500">
        They apply to Claude Code sessions in worktrees with Arbor&apos;s hooks installed (Arbor runs and terminal
        sessions alike).
      </p>
      {policies.error ? <ErrorNotice error={policies.error} testId="policies-error" /> : null}
      {save.error ? <ErrorNotice error={save.error} testId="policies-error" /> : null}
      {policies.isPending ? <p className="text-xs text-zinc-500">Loading policies…</p> : null}
      {data ? (
        <div className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {SWITCHES.map((item) => (
            <PolicySwitch
              key={item.field}
              testId={item.testId}
              label={item.label}
              hint={item.hint}
              isOn={data[item.field]}
              onChange={(next) => save.mutate({ [item.field]: next })}
              note={
                item.field === "enforceMetaTag" && data.enforceMetaTag && !data.recorderEnabled
                  ? "Has no effect while the recorder is off."
                  : undefined
              }
            />
          ))}
          <TopicsCountField
            key={data.sessionStartTopics}
            value={data.sessionStartTopics}
            onSave={(next) => save.mutate({ sessionStartTopics: next })}
          />
        </div>
      ) : null}
    </section>
  );
}
