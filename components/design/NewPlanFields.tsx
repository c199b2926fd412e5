"use client";

import { TextArea, TextInput } from "@/components/ui/FormFields.tsx";

export interface NewPlanValues {
  title: string;
  goal: string;
  bodyMarkdown: string;
}

/** A plan's title, goal and Markdown body: a new one starts from the template's sections. */
export function NewPlanFields({
  values,
  onChange,
  legend = "New plan",
}: {
  values: NewPlanValues;
  onChange: (values: NewPlanValues) => void;
  legend?: string;
}) {
  return (
    <fieldset
      className="space-y-3 rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
      data-testid="wizard-new-plan-form"
    >
      <legend className="px-1 text-xs font-semibold">{legend}</legend>
      <label className="block text-xs font-medium">
        Title
        <TextInput
          data-testid="wizard-plan-title"
          autoFocus
          value={values.title}
          onChange={(event) => onChange({ ...values, title: event.target.value })}
          placeholder="Auth rework"
          className="mt-1 w-full"
        />
      </label>
      <label className="block text-xs font-medium">
        Goal
        <TextInput
          data-testid="wizard-plan-goal"
          value={values.goal}
          onChange={(event) => onChange({ ...values, goal: event.target.value })}
          placeholder="What is true when the plan is done"
          className="mt-1 w-full"
        />
      </label>
      <label className="block text-xs font-medium">
        Body (Markdown)
        <TextArea
          data-testid="wizard-plan-body"
          value={values.bodyMarkdown}
          onChange={(event) => onChange({ ...values, bodyMarkdown: event.target.value })}
          rows={8}
          className="mt-1 w-full font-mono"
        />
        <span className="mt-1 block font-normal text-zinc-500">
          Claude reads the plan in every prompt of its worktrees, and when it proposes a tree.
        </span>
      </label>
    </fieldset>
  );
}
