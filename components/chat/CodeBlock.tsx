"use client";

import { useRef, useState, type ComponentProps } from "react";
import { copyText } from "./copy-text.ts";

/** A fenced code block with a Copy button (replaces react-markdown's <pre>). */
export function CodeBlock({ node: _node, ...props }: ComponentProps<"pre"> & { node?: unknown }) {
  const ref = useRef<HTMLPreElement>(null);
  const [copyState, setCopyState] = useState<"idle" | "copied" | "failed">("idle");

  const copy = async () => {
    const isCopied = await copyText(ref.current?.textContent ?? "");
    setCopyState(isCopied ? "copied" : "failed");
    setTimeout(() => setCopyState("idle"), 1500);
  };

  return (
    <div className="group relative my-2">
      <button
        type="button"
        data-testid="copy-code"
        onClick={() => void copy()}
        className="absolute right-2 top-2 rounded border border-zinc-600 bg-zinc-800/90 px-1.5 py-0.5 text-[11px] text-zinc-200 opacity-70 hover:opacity-100 group-hover:opacity-100"
      >
        {copyState === "copied" ? "Copied" : copyState === "failed" ? "Copy failed" : "Copy"}
      </button>
      <pre ref={ref} {...props} />
    </div>
  );
}
