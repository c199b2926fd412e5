"use client";

import { useState, type FormEvent } from "react";
import { useRecordDecision } from "@/components/api/policies-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { TextInput } from "@/components/ui/FormFields.tsx";

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
        <TextInput
          data-testid="decision-input"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={2000}
          placeholder="Record a decision, e.g. Use an LRU cache"
          aria-label="Decision"
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="primary" data-testid="decision-save" disabled={record.isPending || !text.trim()}>
          {record.isPending ? "Saving…" : "Record"}
        </Button>
      </div>
      {record.error ? <ErrorNotice error={record.error} testId="decision-error" /> : null}
    </form>
  );
}
