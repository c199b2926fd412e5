"use client";

import { useId, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/Button.tsx";
import { TextArea } from "@/components/ui/FormFields.tsx";
import { useCardState } from "./use-card-state.ts";

/**
 * A short message for Claude that goes with an answer: why a tool is denied (optional), or what
 * to change in a plan (required). Enter sends, Shift+Enter adds a line, Escape puts it away.
 */
export function MessageForm(props: {
  label: string;
  placeholder: string;
  submitLabel: string;
  isRequired: boolean;
  isBusy: boolean;
  testId: string;
  /** What is typed is kept under this approval, so a redraw of the card loses nothing. */
  approvalId: string;
  variant?: "danger" | "primary";
  onSubmit: (message: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [text, setText] = useCardState(props.approvalId, `${props.testId}-text`, "");
  const canSend = !props.isBusy && (!props.isRequired || text.trim() !== "");
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canSend) props.onSubmit(text.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      props.onCancel();
    } else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form onSubmit={submit} className="mt-2 space-y-1.5" data-testid={props.testId}>
      <label htmlFor={id} className="block text-xs font-medium">
        {props.label}
      </label>
      <TextArea
        id={id}
        autoFocus
        rows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={props.placeholder}
        required={props.isRequired}
        data-testid={`${props.testId}-input`}
        className="field-sizing-content max-h-40 min-h-[2.5rem] w-full resize-none"
      />
      <div className="flex items-center gap-2">
        <Button
          type="submit"
          variant={props.variant ?? "danger"}
          size="md"
          disabled={!canSend}
          data-testid={`${props.testId}-submit`}
        >
          {props.submitLabel}
        </Button>
        <Button size="md" onClick={props.onCancel} data-testid={`${props.testId}-cancel`}>
          Cancel
        </Button>
        <span className="text-[11px] text-zinc-500">Enter sends · Shift+Enter new line · Esc cancels</span>
      </div>
    </form>
  );
}
