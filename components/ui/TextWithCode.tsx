import { splitInlineCode } from "./inline-code.ts";

/** A message Arbor wrote, with what it put between backticks (`git rebase --continue`) shown as code. */
export function TextWithCode({ text }: { text: string }) {
  return (
    <>
      {splitInlineCode(text).map((piece, index) =>
        piece.isCode ? (
          <code key={index} className="rounded bg-black/5 px-1 font-mono text-[0.95em] dark:bg-white/10">
            {piece.text}
          </code>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}
