import { revealInvisible, revealInvisibleParts } from "@/lib/git/parse/reveal-invisible.ts";

/**
 * A name git or the file system already has (a branch, a worktree's folder), shown so that it
 * cannot pass for another: invisible formatting characters (text-direction overrides, zero-width
 * spaces) are written out as [U+XXXX] and marked. Use it wherever such a name is read.
 */
export function VisibleName(props: { name: string; className?: string; testId?: string }) {
  const parts = revealInvisibleParts(props.name);
  const hasHidden = parts.some((part) => part.isHidden);
  return (
    <span
      className={props.className}
      data-testid={props.testId}
      title={hasHidden ? "This name contains invisible characters, shown as [U+…]" : undefined}
    >
      {hasHidden
        ? parts.map((part, index) =>
            part.isHidden ? (
              <mark
                key={index}
                className="rounded bg-amber-200 px-0.5 text-amber-950 dark:bg-amber-800 dark:text-amber-50"
              >
                {part.text}
              </mark>
            ) : (
              part.text
            ),
          )
        : props.name}
    </span>
  );
}

/** The same as plain text, for places that take only text (an option, a sentence built as a string). */
export const visibleName = revealInvisible;
