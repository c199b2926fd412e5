"use client";

import { useState, type FormEvent } from "react";
import { useRules, useSaveRules } from "@/components/api/plans-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { TextArea, TextInput } from "@/components/ui/FormFields.tsx";
import type { ProjectRulesView } from "@/lib/plans/plan-types.ts";

/** The repository's branch naming rule (`feat/{slug}`) and free-text rules that go into every prompt. */
export function RulesEditor({ repoId, onClose }: { repoId: string; onClose: () => void }) {
  const rules = useRules(repoId);
  return (
    <section
      data-testid="rules-editor"
      className="mb-4 rounded-md border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="mb-2 flex items-center">
        <h3 className="flex-1 text-sm font-semibold">Project rules</h3>
        <Button data-testid="rules-close" onClick={onClose}>
          Close
        </Button>
      </div>
      {rules.isPending ? <p className="text-xs text-zinc-500">Loading the rules…</p> : null}
      {rules.error ? <ErrorNotice error={rules.error} testId="rules-error" /> : null}
      {rules.data ? <RulesForm key={repoId} repoId={repoId} initial={rules.data} /> : null}
    </section>
  );
}

function RulesForm({ repoId, initial }: { repoId: string; initial: ProjectRulesView }) {
  const [branchNamingRule, setRule] = useState(initial.branchNamingRule);
  const [freeTextRules, setText] = useState(initial.freeTextRules);
  const save = useSaveRules(repoId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ branchNamingRule: branchNamingRule.trim(), freeTextRules });
  };
  return (
    <form onSubmit={submit} className="space-y-3">
      <label className="block text-xs font-medium">
        Branch naming rule
        <TextInput
          data-testid="rules-naming"
          value={branchNamingRule}
          onChange={(event) => setRule(event.target.value)}
          className="mt-1 w-full font-mono"
        />
        <span className="mt-1 block font-normal text-zinc-500">
          Each design node&apos;s branch: {"{slug}"} is replaced by the node&apos;s slug, e.g. feat/{"{slug}"}.
        </span>
      </label>
      <label className="block text-xs font-medium">
        Free-text rules
        <TextArea
          data-testid="rules-text"
          value={freeTextRules}
          onChange={(event) => setText(event.target.value)}
          rows={4}
          className="mt-1 w-full"
        />
        <span className="mt-1 block font-normal text-zinc-500">
          Conventions Claude should follow in this repository (tests first, commit style…).
        </span>
      </label>
      <div className="flex items-center gap-2">
        <Button type="submit" variant="primary" size="lg" data-testid="rules-save" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save rules"}
        </Button>
        {save.isSuccess ? (
          <span data-testid="rules-saved" className="text-xs text-emerald-700 dark:text-emerald-400">
            Saved.
          </span>
        ) : null}
      </div>
      {save.error ? <ErrorNotice error={save.error} testId="rules-error" /> : null}
    </form>
  );
}
