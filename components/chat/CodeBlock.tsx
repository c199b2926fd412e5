"use client";

import { useRef, type ComponentProps } from "react";
import { CopyButton } from "@/components/ui/CopyButton.tsx";

/** A fenced code block with a Copy button (replaces react-markdown's <pre>). */
export function CodeBlock({ node: _node, ...props }: ComponentProps<"pre"> & { node?: unknown }) {
  const ref = useRef<HTMLPreElement>(null);
  return (
    <div className="group relative my-2">
      <CopyButton
        data-testid="copy-code"
        getText={() => ref.current?.textContent ?? ""}
        variant="bare"
        size="xs"
        className="absolute right-2 top-2 rounded border border-zinc-300 bg-white/90 text-zinc-700 dark:border-zinc-600 dark:bg-zinc-800/90 dark:text-zinc-200 opacity-70 hover:opacity-100 group-hover:opacity-100"
      />
      {/* Focusable: a long line scrolls sideways, which keyboard users reach this way (axe scrollable-region-focusable). */}
      <pre ref={ref} tabIndex={0} {...props} />
    </div>
  );
}
