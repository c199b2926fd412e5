"use client";

import { useId, useMemo, useState, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/Button.tsx";
import { Kbd } from "@/components/ui/Kbd.tsx";
import type { AnswerProps } from "./ApprovalCard.tsx";
import { MessageForm } from "./MessageForm.tsx";
import { QuestionFields } from "./QuestionFields.tsx";
import { buildQuestionAnswers, readQuestionViews, type QuestionChoice } from "./question-form.ts";
import { useApprovalKeys } from "./use-approval-keys.ts";
import { useCardState } from "./use-card-state.ts";

const NO_CHOICES: Record<string, QuestionChoice> = {};

/** AskUserQuestion: each question's options as a form (Enter sends); "Don't answer" tells Claude why instead. */
export function QuestionApproval({ approval, isActive, isBusy, answer }: AnswerProps) {
  const formId = useId();
  const questions = useMemo(() => readQuestionViews(approval.input), [approval.input]);
  const [choices, setChoices] = useCardState<Record<string, QuestionChoice>>(approval.id, "choices", NO_CHOICES);
  const [isDeclining, setDeclining] = useCardState(approval.id, "declining", false);
  const [missing, setMissing] = useState<string[]>([]);
  useApprovalKeys({ isActive: isActive && !isDeclining, keys: { d: () => setDeclining(true) } });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const built = buildQuestionAnswers({ questions, choices });
    if ("missing" in built) {
      setMissing(built.missing);
      return;
    }
    setMissing([]);
    answer({ action: "answer", answers: built.answers });
  };
  // Enter on a radio button or checkbox sends too (browsers only submit from text fields).
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === "Enter" && target instanceof HTMLInputElement && ["radio", "checkbox"].includes(target.type)) {
      event.preventDefault();
      submit();
    }
  };

  if (isDeclining) {
    return (
      <MessageForm
        label="Don't answer, and tell Claude why (optional)"
        placeholder="e.g. Decide yourself; prefer the simplest option."
        submitLabel="Don't answer"
        isRequired={false}
        isBusy={isBusy}
        testId="approval-deny-form"
        approvalId={approval.id}
        onSubmit={(message) => answer(message ? { action: "deny", message } : { action: "deny" })}
        onCancel={() => setDeclining(false)}
      />
    );
  }
  return (
    <form id={formId} onSubmit={submit} onKeyDown={onKeyDown} data-testid="question-form" className="space-y-3">
      {questions.map((question, index) => (
        <QuestionFields
          key={question.question}
          question={question}
          index={index}
          choice={choices[question.question] ?? { labels: [], other: "" }}
          isMissing={missing.includes(question.question)}
          onChange={(choice) => setChoices({ ...choices, [question.question]: choice })}
        />
      ))}
      {missing.length > 0 ? (
        <p role="alert" className="text-[11px] text-red-700 dark:text-red-400" data-testid="question-missing">
          Answer every question first.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary" size="md" disabled={isBusy} data-testid="question-submit">
          Send answer
          <Kbd>Enter</Kbd>
        </Button>
        <Button
          size="md"
          disabled={isBusy}
          aria-keyshortcuts="d"
          data-testid="approval-deny"
          onClick={() => setDeclining(true)}
        >
          Don&apos;t answer…
          <Kbd>D</Kbd>
        </Button>
      </div>
    </form>
  );
}
