"use client";

import type { ReactNode } from "react";

/** A labelled form row with a hint and, after a refused save, the reason under it. */
export function SettingsField(props: {
  name: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div data-testid={`settings-field-${props.name}`}>
      <label htmlFor={`settings-${props.name}`} className="mb-1 block text-sm font-medium">
        {props.label}
      </label>
      {props.children}
      {props.hint ? <p className="mt-1 text-xs text-zinc-500">{props.hint}</p> : null}
      {props.error ? (
        <p
          role="alert"
          data-testid={`settings-error-${props.name}`}
          className="mt-1 text-xs text-red-700 dark:text-red-400"
        >
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
