"use client";

import type { ComponentProps } from "react";
import { classNames } from "./class-names.ts";

/** sm: filter bars and number boxes; md: forms; lg: settings and search boxes; xl: the message box. */
type FieldSize = "sm" | "md" | "lg" | "xl";

const SIZE: Record<FieldSize, string> = {
  sm: "px-1.5 py-0.5 text-xs",
  md: "px-2 py-1.5 text-xs",
  lg: "px-2 py-1.5 text-sm",
  xl: "px-3 py-2 text-sm",
};

/** One look for every text box, text area and select: a visible focus ring, red when aria-invalid. */
function fieldClass(size: FieldSize, className?: string): string {
  return classNames(
    "rounded-md border border-zinc-300 bg-white text-zinc-900 focus:border-emerald-500 focus:outline-none focus:ring-1 focus:ring-emerald-500",
    "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-500",
    "dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100",
    SIZE[size],
    className,
  );
}

type FieldProps<Tag extends "input" | "textarea" | "select"> = Omit<ComponentProps<Tag>, "size"> & { size?: FieldSize };

export function TextInput({ size = "md", className, ...props }: FieldProps<"input">) {
  return <input className={fieldClass(size, className)} {...props} />;
}

export function TextArea({ size = "md", className, ...props }: FieldProps<"textarea">) {
  return <textarea className={fieldClass(size, className)} {...props} />;
}

export function Select({ size = "md", className, ...props }: FieldProps<"select">) {
  return <select className={fieldClass(size, className)} {...props} />;
}

/** A checkbox (or, with role="switch", a switch) in Arbor's accent colour with a visible focus ring. */
export function Checkbox({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <input
      type="checkbox"
      className={classNames(
        "accent-emerald-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-500",
        className,
      )}
      {...props}
    />
  );
}
