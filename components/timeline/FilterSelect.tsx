"use client";

import { Select } from "@/components/ui/FormFields.tsx";

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
      <Select
        size="sm"
        data-testid={props.testId}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className="max-w-40"
      >
        <option value="">{props.anyLabel ?? "any"}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {props.optionLabel ? props.optionLabel(option) : option}
          </option>
        ))}
      </Select>
    </label>
  );
}
