"use client";

import { useState } from "react";
import { TextInput } from "@/components/ui/FormFields.tsx";

/** How many open topics a new session is told about (0–50), saved when the field is left or Enter is pressed. */
export function TopicsCountField(props: { value: number; onSave: (next: number) => void }) {
  const [draft, setDraft] = useState(String(props.value));
  const parsed = Number(draft);
  const isValid = draft.trim() !== "" && Number.isInteger(parsed) && parsed >= 0 && parsed <= 50;
  const commit = () => {
    if (isValid && parsed !== props.value) props.onSave(parsed);
    if (!isValid) setDraft(String(props.value));
  };
  return (
    <label className="flex items-start gap-3 py-1.5">
      <TextInput
        type="number"
        size="sm"
        min={0}
        max={50}
        data-testid="policy-topics-count"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit();
        }}
        aria-invalid={!isValid}
        className="w-16 shrink-0"
      />
      <span className="min-w-0">
        <span className="block text-sm font-medium">Open topics at session start</span>
        <span className="block text-xs text-zinc-500">
          A new Claude session is told the most recent undecided topics (0 – 50; 0 tells none).
        </span>
      </span>
    </label>
  );
}
