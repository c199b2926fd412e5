"use client";

import { useState, type FormEvent, type KeyboardEvent } from "react";
import { ApiError } from "@/components/api/fetch-json.ts";
import { useRecordEntry } from "@/components/api/ledger-api.ts";
import { parseComposerIntent } from "@/components/ledger/ledger-command.ts";
import { Button } from "@/components/ui/Button.tsx";
import { TextArea } from "@/components/ui/FormFields.tsx";
import { describeSendError } from "./describe-send-error.ts";
import { useSendMessage } from "./use-chat-mutations.ts";
import { useDraft } from "./use-draft.ts";

/**
 * The message box. Enter sends, Shift+Enter adds a line. The box is cleared as the message
 * leaves; if the server refuses it (4xx: empty, too large, unknown session) the text comes
 * back and the reason shows underneath, so nothing typed is lost. The draft is kept per
 * conversation across worktree switches and reloads. `/decide …` and `/todo …` record a decision
 * or a task in the worktree's ledger instead of sending. Typing keeps a CLI warm.
 */
export function Composer(props: {
  session: { sessionId: string; repoId: string };
  lastMessageId: number;
  /** The user is typing: a CLI is kept warm for the send. */
  onTyping?: () => void;
}) {
  const [draft, setDraft] = useDraft(props.session.sessionId);
  const [error, setError] = useState<unknown>(null);
  const [recorded, setRecorded] = useState<string | null>(null);
  const send = useSendMessage(props.session);
  const record = useRecordEntry(props.session.repoId);

  const recordEntry = async (intent: { kind: "decision" | "task"; text: string }) => {
    const text = draft;
    setDraft("");
    try {
      const entry = await record.mutateAsync({
        kind: intent.kind,
        text: intent.text,
        via: "command",
        sessionId: props.session.sessionId,
      });
      setRecorded(`Recorded ${entry.kind} L${entry.id}; every prompt of this worktree carries it until you close it.`);
    } catch (caught) {
      setError(caught);
      setDraft((current) => (current === "" ? text : current));
    }
  };

  const submit = async () => {
    const text = draft;
    if (text.trim() === "") return;
    setError(null);
    setRecorded(null);
    const intent = parseComposerIntent(text);
    if (intent.type === "invalid") {
      setError(intent.message);
      return;
    }
    if (intent.type === "record") {
      await recordEntry(intent);
      return;
    }
    setDraft("");
    try {
      await send.mutateAsync({ userMessage: text, afterMessageId: props.lastMessageId, sentAt: Date.now() });
    } catch (caught) {
      setError(caught);
      // A 4xx means the server refused it before storing it; after a 5xx or a dropped
      // connection the message may be stored already, and sending it again would repeat it.
      const wasRefused = caught instanceof ApiError && caught.status >= 400 && caught.status < 500;
      if (wasRefused) setDraft((current) => (current === "" ? text : current));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form
      onSubmit={onSubmit}
      className="border-t border-zinc-200 px-4 py-3 dark:border-zinc-800"
      data-testid="composer"
    >
      <div className="mx-auto flex max-w-3xl items-end gap-2">
        <TextArea
          id="composer-input"
          data-testid="composer-input"
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            props.onTyping?.();
          }}
          onKeyDown={onKeyDown}
          rows={2}
          placeholder="Ask Claude about this worktree… (Enter to send, Shift+Enter for a new line, /decide or /todo to record)"
          aria-label="Message"
          size="xl"
          className="field-sizing-content max-h-60 min-h-[3.25rem] min-w-0 flex-1 resize-none"
        />
        <Button type="submit" variant="primary" size="xl" data-testid="send-button" disabled={draft.trim() === ""}>
          Send
        </Button>
      </div>
      {recorded ? (
        <p
          role="status"
          data-testid="ledger-recorded"
          className="mx-auto mt-2 max-w-3xl text-sm text-emerald-700 dark:text-emerald-400"
        >
          {recorded}
        </p>
      ) : null}
      {error ? (
        <p
          role="alert"
          data-testid="send-error"
          className="mx-auto mt-2 max-w-3xl text-sm text-red-700 dark:text-red-400"
        >
          {typeof error === "string" ? error : describeSendError(error)}
        </p>
      ) : null}
    </form>
  );
}
