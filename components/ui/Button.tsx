"use client";

import type { ComponentProps } from "react";
import { classNames } from "./class-names.ts";

/**
 * primary: the one action of a form or step; secondary: every other action (with `isActive`, a
 * pressed toggle or the selected tab); danger: a destructive confirmation; ghost: link-like text;
 * bare: only the focus ring and disabled cursor, for rows and cards that are buttons as a whole.
 */
type ButtonVariant = "primary" | "secondary" | "danger" | "ghost" | "bare";
type ButtonSize = "xs" | "sm" | "md" | "lg" | "xl";

const FOCUS = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-500";

const VARIANT: Record<ButtonVariant, string> = {
  primary:
    "rounded-md border border-emerald-700 bg-emerald-700 font-medium text-white hover:border-emerald-800 hover:bg-emerald-800 disabled:opacity-50",
  secondary:
    "rounded-md border border-zinc-300 hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800",
  danger:
    "rounded-md border border-red-600 bg-red-600 font-medium text-white hover:border-red-700 hover:bg-red-700 disabled:opacity-50",
  ghost: "rounded hover:text-emerald-700 disabled:opacity-50 dark:hover:text-emerald-400",
  bare: "",
};

const ACTIVE =
  "rounded-md border border-emerald-500 bg-emerald-50 text-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-300";

const SIZE: Record<ButtonSize, string> = {
  xs: "px-1.5 py-0.5 text-[11px]",
  sm: "px-2 py-0.5 text-xs",
  md: "px-2 py-1 text-xs",
  lg: "px-3 py-1.5 text-xs",
  xl: "px-4 py-2 text-sm",
};

/** Boxed variants default to `md`; ghost and bare take their size from the text around them. */
const isBoxed = (variant: ButtonVariant) => variant === "primary" || variant === "secondary" || variant === "danger";

/** The classes of a Button, for a link that must look like one (a download, a page link). */
export function buttonClass(
  options: { variant?: ButtonVariant; size?: ButtonSize; isActive?: boolean; className?: string } = {},
): string {
  const variant = options.variant ?? "secondary";
  const size = options.size ?? (isBoxed(variant) ? "md" : undefined);
  return classNames(
    FOCUS,
    "disabled:cursor-not-allowed",
    options.isActive && variant === "secondary" ? ACTIVE : VARIANT[variant],
    size && SIZE[size],
    options.className,
  );
}

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** A secondary button that is pressed or selected (a toggle that is on, the current tab). */
  isActive?: boolean;
}

/** A button of Arbor's look; `type="button"` unless told otherwise, so it never submits a form by accident. */
export function Button({ variant, size, isActive, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, isActive, className })} {...props} />;
}
