"use client";

import { Checkbox, TextInput } from "@/components/ui/FormFields.tsx";
import type { QuestionChoice, QuestionView } from "./question-form.ts";

/** One question: its options as radio buttons (checkboxes when several may be picked) and "Other" with a text box. */
export function QuestionFields(props: {
  question: QuestionView;
  index: number;
  choice: QuestionChoice;
  isMissing: boolean;
  onChange: (choice: QuestionChoice) => void;
}) {
  const { question, choice } = props;
  const name = `question-${props.index}`;
  const isOther = !question.isMultiSelect && choice.labels.length === 0 && choice.other !== "";
  const pick = (label: string, isOn: boolean) =>
    props.onChange(
      question.isMultiSelect
        ? { ...choice, labels: isOn ? [...choice.labels, label] : choice.labels.filter((item) => item !== label) }
        : { labels: [label], other: "" },
    );
  const inputClass = "mt-0.5 accent-emerald-600";
  return (
    <fieldset
      data-testid="question"
      data-question={question.question}
      aria-invalid={props.isMissing || undefined}
      className={`space-y-1 ${props.isMissing ? "rounded-md ring-1 ring-red-400" : ""}`}
    >
      <legend className="mb-1 text-sm font-medium">
        {question.header ? (
          <span className="mr-1.5 rounded bg-zinc-100 px-1 text-[10px] uppercase text-zinc-500 dark:bg-zinc-800">
            {question.header}
          </span>
        ) : null}
        {question.question}
        {question.isMultiSelect ? <span className="ml-1 text-[11px] text-zinc-500">(pick any)</span> : null}
      </legend>
      {question.options.map((option) => {
        const isOn = choice.labels.includes(option.label);
        return (
          <label
            key={option.label}
            data-testid="question-option"
            className="flex cursor-pointer items-start gap-2 rounded-md px-1.5 py-1 hover:bg-zinc-50 dark:hover:bg-zinc-800/60"
          >
            {question.isMultiSelect ? (
              <Checkbox
                checked={isOn}
                onChange={(event) => pick(option.label, event.target.checked)}
                className="mt-0.5"
              />
            ) : (
              <input
                type="radio"
                name={name}
                checked={isOn}
                onChange={() => pick(option.label, true)}
                className={inputClass}
              />
            )}
            <span>
              <span className="font-medium">{option.label}</span>
              {option.description ? (
                <span className="block text-[11px] text-zinc-500">{option.description}</span>
              ) : null}
            </span>
          </label>
        );
      })}
      <label className="flex items-center gap-2 px-1.5 py-1">
        <span className="shrink-0 text-zinc-600 dark:text-zinc-400">Other:</span>
        <TextInput
          value={choice.other}
          onChange={(event) =>
            props.onChange(
              question.isMultiSelect
                ? { ...choice, other: event.target.value }
                : { labels: [], other: event.target.value },
            )
          }
          aria-label={`Other answer to: ${question.question}`}
          data-testid="question-other"
          placeholder="Your own answer"
          className={`min-w-0 flex-1 ${isOther ? "border-emerald-500" : ""}`}
        />
      </label>
    </fieldset>
  );
}
