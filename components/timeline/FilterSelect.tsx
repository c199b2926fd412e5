"use client";

/** A labelled select whose empty option means "any"; shared by the timeline and the Logs page. */
export function FilterSelect(props: {
  label: string;
  value: string;
  options: string[];
  onChange: (value: string) => void;
  testId: string;
  anyLabel?: string;
  optionLabel?: (value: string) => string;
}) {
  // A value chosen earlier stays selectable even when no loaded row has it any more.
  const options = props.value && !props.options.includes(props.value) ? [props.value, ...props.options] : props.options;
  return (
    <label className="flex items-center gap-1 text-[11px] text-zinc-500">
      {props.label}
      <select
        data-testid={props.testId}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className="max-w-40 rounded border border-zinc-300 bg-white px-1 py-0.5 text-[11px] text-zinc-800 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"
      >
        <option value="">{props.anyLabel ?? "any"}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {props.optionLabel ? props.optionLabel(option) : option}
          </option>
        ))}
      </select>
    </label>
  );
}
