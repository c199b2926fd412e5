"use client";

import type { ComponentProps } from "react";
import { classNames } from "./class-names.ts";

/** zinc: neutral; muted: quieter neutral (counts, "planned"); inverse: the one that must stand out ("default"). */
export type BadgeTone = "zinc" | "muted" | "inverse" | "emerald" | "sky" | "amber" | "red" | "violet" | "orange";

/** xs: inside dense rows (timeline, topics); sm: state badges of worktrees and branches; md: beside text-xs copy. */
type BadgeSize = "xs" | "sm" | "md";

const TONE: Record<BadgeTone, string> = {
  zinc: "bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300",
  muted: "bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300",
  inverse: "bg-zinc-800 text-white dark:bg-zinc-200 dark:text-zinc-900",
  emerald: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  sky: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300",
  amber: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
  red: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300",
  violet: "bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300",
  orange: "bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300",
};

const SIZE: Record<BadgeSize, string> = {
  xs: "px-1.5 py-px text-[10px]",
  sm: "px-1.5 py-0.5 text-[11px]",
  md: "px-1.5 py-0.5 text-xs",
};

/** A small coloured label for a state or a kind (clean, queued, Arbor run, decided…). */
export function Badge({
  tone,
  size = "sm",
  className,
  ...props
}: ComponentProps<"span"> & { tone: BadgeTone; size?: BadgeSize }) {
  return <span className={classNames("rounded font-medium", TONE[tone], SIZE[size], className)} {...props} />;
}
