"use client";

import { useState, type FormEvent } from "react";
import { useRecordDecision } from "@/components/api/policies-api.ts";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";

/** Records a decision on a topic by hand; the topic is then decided. */
export function DecisionForm({ repoId, topicId }: { repoId: string; topicId: number }) {
  const [text, setText] = useState("");
  const record = useRecordDecision(repoId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    record.mutate({ topicId, text: text.trim() }, { onSuccess: () => setText("") });
  };
  return (
    <form onSubmit={submit} className="space-y-1" data-testid="decision-form">
      <div className="flex gap-2">
        <input
          data-testid="decision-input"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={2000}
          placeholder="Record a decision, e.g. Use an LRU cache"
          aria-label="Decision"
          className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-2 py-1 text-xs dark:border-zinc-700 dark:bg-zinc-900"
        />
        <button
          type="submit"
          data-testid="decision-save"
          disabled={record.isPending || !text.trim()}
          className="rounded-md border border-emerald-600 bg-emerald-600 px-2 py-1 text-xs text-white hover:bg-emerald-700 disabled:opacity-50"
        >
          {record.isPending ? "Saving…" : "Record"}
        </button>
      </div>
      {record.error ? <ErrorNotice error={record.error} testId="decision-error" /> : null}
    </form>
  );
}
