"use client";

import type { ReactNode } from "react";
import { Button, type ButtonProps } from "./Button.tsx";

/** A button that shows only an icon (✕, ↑, a bell): `label` is its accessible name. */
export function IconButton({
  label,
  variant = "ghost",
  children,
  ...props
}: Omit<ButtonProps, "aria-label"> & { label: string; children: ReactNode }) {
  return (
    <Button aria-label={label} variant={variant} {...props}>
      {children}
    </Button>
  );
}
