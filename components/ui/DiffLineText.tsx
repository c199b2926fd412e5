import { Fragment } from "react";
import { classNames } from "./class-names.ts";
import type { DiffLine } from "./diff-hunks.ts";
import { toLinePieces, type DiffHighlighter, type LinePiece } from "./diff-syntax.ts";

/** The words that changed within a paired line: stronger than the line's tint, in both themes. */
export const CHANGED_WORD: Record<DiffLine["kind"], string> = {
  context: "",
  added: "rounded-sm bg-emerald-200 dark:bg-emerald-800/70",
  removed: "rounded-sm bg-red-200 dark:bg-red-800/70",
};

/**
 * A diff line's text: syntax colours (when the highlighter knows its language) and, on a paired
 * changed line, the changed words marked; a changed word keeps its colours.
 */
export function DiffLineText({ line, highlighter }: { line: DiffLine; highlighter?: DiffHighlighter }) {
  if (line.text === "") return <>{"\u00a0"}</>;
  const pieces = toLinePieces(line.text, highlighter?.tokensOf(line) ?? null, line.segments);
  const runs: { isChanged: boolean; pieces: LinePiece[] }[] = [];
  for (const piece of pieces) {
    const last = runs.at(-1);
    if (last && last.isChanged === piece.isChanged) last.pieces.push(piece);
    else runs.push({ isChanged: piece.isChanged, pieces: [piece] });
  }
  return (
    <>
      {runs.map((run, index) =>
        run.isChanged ? (
          <mark
            key={index}
            data-testid="diff-changed-word"
            className={classNames("text-inherit", CHANGED_WORD[line.kind])}
          >
            <Pieces pieces={run.pieces} />
          </mark>
        ) : (
          <Pieces key={index} pieces={run.pieces} />
        ),
      )}
    </>
  );
}

function Pieces({ pieces }: { pieces: LinePiece[] }) {
  return pieces.map((piece, index) =>
    piece.className ? (
      <span key={index} className={piece.className}>
        {piece.text}
      </span>
    ) : (
      <Fragment key={index}>{piece.text}</Fragment>
    ),
  );
}
