import { common, createLowlight } from "lowlight";
import type { DiffLine, DiffSegment, TextDiff } from "./diff-hunks.ts";

/** A run of a line's text in one colour: `className` is highlight.js's (`hljs-keyword`…), null for plain text. */
export interface SyntaxToken {
  text: string;
  className: string | null;
}

/** A piece of a drawn line: its syntax colour and whether it is a word the paired line does not have. */
export interface LinePiece {
  text: string;
  className: string | null;
  isChanged: boolean;
}

/** Lines longer than this are drawn plain: minified code costs more to colour than it shows. */
export const MAX_HIGHLIGHT_LINE_CHARS = 1000;
/** A diff with more text than this is drawn plain (a 5 MB file opens at once, colours are not worth its wait). */
export const MAX_HIGHLIGHT_DIFF_CHARS = 4 * 1024 * 1024;
/** Lines coloured together: a screenful and more, in a few milliseconds, whatever the diff's size. */
export const HIGHLIGHT_WINDOW_LINES = 100;
/** Lines before a window coloured with it, so a comment or string opened just above it is known. */
export const HIGHLIGHT_LEAD_LINES = 30;

const lowlight = createLowlight(common);

/** File extensions (and names) highlight.js does not list as aliases of the grammars we load. */
const EXTRA_NAMES: Record<string, string> = {
  tsx: "typescript",
  mts: "typescript",
  cts: "typescript",
  jsx: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  htm: "xml",
  vue: "xml",
  svelte: "xml",
  jsonc: "json",
  json5: "json",
  toml: "ini",
  zsh: "bash",
  mdx: "markdown",
  makefile: "makefile",
  gnumakefile: "makefile",
  "cmakelists.txt": "plaintext",
};

/** The highlight.js language of a file from its name's extension (or whole name), null when none is known. */
export function languageForPath(filePath: string): string | null {
  const name = filePath.split("/").at(-1)?.toLowerCase() ?? "";
  const named = EXTRA_NAMES[name];
  if (named) return named === "plaintext" ? null : named;
  const dot = name.lastIndexOf(".");
  if (dot <= 0 || dot === name.length - 1) return null;
  const extension = name.slice(dot + 1);
  const language = EXTRA_NAMES[extension] ?? extension;
  return language !== "plaintext" && lowlight.registered(language) ? language : null;
}

/** Classes our theme colours (app/globals.css); a token takes the innermost of them, as CSS inheritance would. */
const COLOURED = new Set(
  [
    "keyword",
    "doctag",
    "template-tag",
    "template-variable",
    "type",
    "title",
    "attr",
    "attribute",
    "literal",
    "meta",
    "number",
    "operator",
    "variable",
    "selector-attr",
    "selector-class",
    "selector-id",
    "regexp",
    "string",
    "built_in",
    "symbol",
    "comment",
    "code",
    "formula",
    "name",
    "quote",
    "selector-tag",
    "selector-pseudo",
    "subst",
    "section",
    "bullet",
    "addition",
    "deletion",
  ].map((name) => `hljs-${name}`),
);

interface HastNode {
  type: string;
  value?: string;
  properties?: { className?: unknown };
  children?: HastNode[];
}

/**
 * The lines of one stretch of a file coloured by highlight.js, one token list per line; the lines
 * are coloured together so a comment or string spanning lines keeps its colour. A line over
 * MAX_HIGHLIGHT_LINE_CHARS, or every line when the language is unknown, is null (plain). Pure.
 */
export function highlightLines(lines: readonly string[], language: string | null): (SyntaxToken[] | null)[] {
  if (!language || !lowlight.registered(language)) return lines.map(() => null);
  const isLong = lines.map((line) => line.length > MAX_HIGHLIGHT_LINE_CHARS);
  const code = lines.map((line, index) => (isLong[index] ? "" : line)).join("\n");
  let root: HastNode;
  try {
    root = lowlight.highlight(language, code);
  } catch {
    return lines.map(() => null);
  }
  const out: SyntaxToken[][] = [[]];
  const walk = (node: HastNode, className: string | null) => {
    if (node.type === "text") {
      const parts = (node.value ?? "").split("\n");
      parts.forEach((part, index) => {
        if (index > 0) out.push([]);
        if (part !== "") pushToken(out.at(-1)!, { text: part, className });
      });
      return;
    }
    const own = classOf(node);
    for (const child of node.children ?? []) walk(child, own ?? className);
  };
  walk(root, null);
  return lines.map((_, index) => (isLong[index] ? null : (out[index] ?? [])));
}

function classOf(node: HastNode): string | null {
  const value = node.properties?.className;
  const classes = Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  return classes.some((name) => COLOURED.has(name)) ? classes.join(" ") : null;
}

function pushToken(tokens: SyntaxToken[], token: SyntaxToken): void {
  const last = tokens.at(-1);
  if (last && last.className === token.className) last.text += token.text;
  else tokens.push(token);
}

/**
 * A line's syntax tokens and its word-level change segments as one list of pieces, cut wherever
 * either changes, so a changed word keeps its colours. Either may be null (plain, or no word
 * highlight). Pure.
 */
export function toLinePieces(
  text: string,
  tokens: readonly SyntaxToken[] | null,
  segments: readonly DiffSegment[] | null,
): LinePiece[] {
  const colours = tokens && tokens.map((token) => token.text).join("") === text ? tokens : [{ text, className: null }];
  const changes = segments && segments.map((segment) => segment.text).join("") === text ? segments : null;
  if (!changes) return colours.filter((token) => token.text !== "").map((token) => ({ ...token, isChanged: false }));
  const pieces: LinePiece[] = [];
  let tokenIndex = 0;
  let tokenOffset = 0;
  for (const segment of changes) {
    let left = segment.text.length;
    while (left > 0 && tokenIndex < colours.length) {
      const token = colours[tokenIndex]!;
      const take = Math.min(left, token.text.length - tokenOffset);
      pieces.push({
        text: token.text.slice(tokenOffset, tokenOffset + take),
        className: token.className,
        isChanged: segment.isChanged,
      });
      left -= take;
      tokenOffset += take;
      if (tokenOffset === token.text.length) {
        tokenIndex += 1;
        tokenOffset = 0;
      }
    }
  }
  return pieces.filter((piece) => piece.text !== "");
}

/** Colours the lines of one diff as they are drawn. */
export interface DiffHighlighter {
  language: string | null;
  /** The line's tokens (null: plain); colours the window of lines around it on first use. */
  tokensOf: (line: DiffLine) => SyntaxToken[] | null;
}

interface Place {
  stream: string[];
  streamId: number;
  index: number;
}

/**
 * A highlighter for a diff: each hunk's old side (unchanged and removed lines) and new side
 * (unchanged and added lines) is read as the file it comes from, and coloured on demand in
 * windows of HIGHLIGHT_WINDOW_LINES (with HIGHLIGHT_LEAD_LINES before each for the state it opens
 * in), so a 20,000-line diff costs only the windows on screen. Pure apart from its cache.
 */
export function createDiffHighlighter(diff: TextDiff, filePath: string): DiffHighlighter {
  const size = diff.hunks.reduce(
    (sum, hunk) => sum + hunk.lines.reduce((lines, line) => lines + line.text.length, 0),
    0,
  );
  const language = size > MAX_HIGHLIGHT_DIFF_CHARS ? null : languageForPath(filePath);
  if (!language) return { language: null, tokensOf: () => null };
  const places = new Map<DiffLine, Place>();
  let streamId = 0;
  for (const hunk of diff.hunks) {
    const oldStream: string[] = [];
    const newStream: string[] = [];
    const oldId = streamId++;
    const newId = streamId++;
    for (const line of hunk.lines) {
      if (line.kind === "removed") {
        places.set(line, { stream: oldStream, streamId: oldId, index: oldStream.length });
        oldStream.push(line.text);
      } else {
        places.set(line, { stream: newStream, streamId: newId, index: newStream.length });
        newStream.push(line.text);
        if (line.kind === "context") oldStream.push(line.text);
      }
    }
  }
  const windows = new Map<string, (SyntaxToken[] | null)[]>();
  return {
    language,
    tokensOf: (line) => {
      const place = places.get(line);
      if (!place) return null;
      const window = Math.floor(place.index / HIGHLIGHT_WINDOW_LINES);
      const key = `${place.streamId}:${window}`;
      let tokens = windows.get(key);
      if (!tokens) {
        const start = window * HIGHLIGHT_WINDOW_LINES;
        const lead = Math.max(0, start - HIGHLIGHT_LEAD_LINES);
        const coloured = highlightLines(place.stream.slice(lead, start + HIGHLIGHT_WINDOW_LINES), language);
        tokens = coloured.slice(start - lead);
        windows.set(key, tokens);
      }
      return tokens[place.index % HIGHLIGHT_WINDOW_LINES] ?? null;
    },
  };
}
