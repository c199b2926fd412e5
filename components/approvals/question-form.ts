/** One question of an AskUserQuestion request, as its form shows it. */
export interface QuestionView {
  question: string;
  header: string | null;
  options: Array<{ label: string; description: string | null }>;
  isMultiSelect: boolean;
}

/** What the user picked for one question: option labels, and text typed under "Other". */
export interface QuestionChoice {
  labels: string[];
  other: string;
}

/** The questions of an AskUserQuestion input; malformed entries are left out. */
export function readQuestionViews(input: Record<string, unknown>): QuestionView[] {
  const questions = Array.isArray(input.questions) ? (input.questions as unknown[]) : [];
  return questions.flatMap((item): QuestionView[] => {
    const value = item as { question?: unknown; header?: unknown; options?: unknown; multiSelect?: unknown };
    if (typeof value.question !== "string" || value.question.trim() === "") return [];
    const options = Array.isArray(value.options) ? (value.options as unknown[]) : [];
    return [
      {
        question: value.question,
        header: typeof value.header === "string" && value.header.trim() ? value.header : null,
        options: options.flatMap((option) => {
          const { label, description } = option as { label?: unknown; description?: unknown };
          return typeof label === "string" && label.trim()
            ? [{ label, description: typeof description === "string" && description.trim() ? description : null }]
            : [];
        }),
        isMultiSelect: value.multiSelect === true,
      },
    ];
  });
}

/**
 * The `answer` decision's answers: each question's text → its chosen labels, comma-separated for
 * a multi-select, with the "Other" text last. Lists the questions still unanswered instead.
 */
export function buildQuestionAnswers(input: {
  questions: QuestionView[];
  choices: Record<string, QuestionChoice | undefined>;
}): { answers: Record<string, string> } | { missing: string[] } {
  const answers: Record<string, string> = {};
  const missing: string[] = [];
  for (const { question } of input.questions) {
    const choice = input.choices[question];
    const parts = [...(choice?.labels ?? []), choice?.other.trim() ?? ""].filter((part) => part !== "");
    if (parts.length === 0) missing.push(question);
    else answers[question] = parts.join(", ");
  }
  return missing.length > 0 ? { missing } : { answers };
}
