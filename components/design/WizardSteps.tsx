"use client";

export type WizardStep = "plan" | "build" | "review";

const STEPS: Array<{ step: WizardStep; label: string }> = [
  { step: "plan", label: "Plan" },
  { step: "build", label: "Build the tree" },
  { step: "review", label: "Review and save" },
];

/** Where the wizard is: the current step highlighted, the ones before it done. */
export function WizardSteps({ current }: { current: WizardStep }) {
  const at = STEPS.findIndex((item) => item.step === current);
  return (
    <ol className="flex items-center gap-1 text-[11px]" aria-label="Wizard steps">
      {STEPS.map((item, index) => (
        <li
          key={item.step}
          data-testid="wizard-step"
          aria-current={index === at ? "step" : undefined}
          className={`rounded-full px-2 py-0.5 ${index === at ? "bg-emerald-700 text-white" : index < at ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300" : "bg-zinc-100 text-zinc-500 dark:bg-zinc-800"}`}
        >
          {index + 1}. {item.label}
        </li>
      ))}
    </ol>
  );
}
