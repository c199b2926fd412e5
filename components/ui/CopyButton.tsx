"use client";

import { useEffect, useRef, useState } from "react";
import { copyText } from "./copy-text.ts";
import { Button, type ButtonProps } from "./Button.tsx";

const FEEDBACK_MS = 1500;

/** Copies `getText()` to the clipboard and says "Copied" (or "Copy failed") for a moment. */
export function CopyButton({
  getText,
  ...props
}: Omit<ButtonProps, "onClick" | "children"> & { getText: () => string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    const isCopied = await copyText(getText());
    setState(isCopied ? "copied" : "failed");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), FEEDBACK_MS);
  };

  return (
    <Button onClick={() => void copy()} {...props}>
      {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "Copy"}
    </Button>
  );
}
