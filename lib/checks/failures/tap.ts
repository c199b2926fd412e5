import { createFailureLines, MAX_FAILURE_LINES, MAX_NAME_PARTS, type RawFailure } from "./failure-list.ts";
import { splitLocation } from "./find-location.ts";

const TEST_POINT = /^(\s*)(not )?ok\b(.*)$/;
const SUBTEST = /^(\s*)# Subtest: (.*)$/;
/** A `# TODO` or `# SKIP` directive: such a `not ok` is expected, not a failure. */
const DIRECTIVE = /\s#\s*(?:todo|skip)/i;

type TapFailure = RawFailure & { at: number };

/**
 * TAP: each `not ok N - name` with its YAML diagnostics (`---` … `...`), named after the
 * `# Subtest:` headers around it (node --test). A parent reported failed because a subtest failed
 * is left out: the subtest is the failure. The file and line come from `location:` (node) or
 * `file:`/`line:` (node-tap's `at:`). Pure.
 */
export function findTapFailures(lines: readonly string[]): RawFailure[] {
  const failures: TapFailure[] = [];
  const subtests: Array<{ indent: number; name: string }> = [];
  /** The latest test point of each level still open, shallowest first. */
  const points: Array<{ indent: number; at: number }> = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const header = SUBTEST.exec(line);
    if (header) {
      popTo(subtests, header[1]!.length);
      subtests.push({ indent: header[1]!.length, name: header[2]!.trim() });
      continue;
    }
    const point = TEST_POINT.exec(line);
    if (!point) continue;
    const indent = point[1]!.length;
    // Deeper levels end at this point; what is left on top is its previous sibling (or its parent's).
    while ((points.at(-1)?.indent ?? -1) > indent) points.pop();
    const previousSibling = points.at(-1)?.at ?? -1;
    if (points.at(-1)?.indent === indent) points.pop();
    points.push({ indent, at: index });
    popTo(subtests, indent);
    const description = point[3]!;
    if (!point[2] || DIRECTIVE.test(description)) continue;
    // A failure recorded since this point's previous sibling is deeper: one of its subtests.
    if ((failures.at(-1)?.at ?? -1) > previousSibling) continue;
    const suites = subtests.slice(-MAX_NAME_PARTS).map((subtest) => subtest.name);
    const names = [...suites, readName(description)].filter(Boolean);
    const diagnostics = readDiagnostics(lines, index + 1);
    failures.push({
      name: names.join(" › ") || line.trim(),
      at: index,
      lines: [line.trim(), ...diagnostics],
      ...readLocation(diagnostics),
    });
  }
  return failures.map(({ name, file, line, lines: shown }) => ({ name, file, line, lines: shown }));
}

function popTo(subtests: Array<{ indent: number }>, indent: number): void {
  while ((subtests.at(-1)?.indent ?? -1) >= indent) subtests.pop();
}

/** `2 - subtracts two numbers # TODO later` → `subtracts two numbers`. */
function readName(description: string): string {
  const directive = description.search(DIRECTIVE);
  const text = directive === -1 ? description : description.slice(0, directive);
  return text.replace(/^\s*\d*\s*(?:-\s)?/, "").trim();
}

/** The YAML block right after a test point, without its `---` and `...` lines (one line less: the point's own goes first). */
function readDiagnostics(lines: readonly string[], start: number): string[] {
  const opening = lines[start];
  if (opening === undefined || opening.trim() !== "---") return [];
  const indent = opening.length - opening.trimStart().length;
  const block = createFailureLines(MAX_FAILURE_LINES - 1);
  for (let index = start + 1; index < lines.length; index += 1) {
    const line = lines[index]!;
    const lineIndent = line.length - line.trimStart().length;
    if ((line.trim() === "..." && lineIndent === indent) || (line.trim() !== "" && lineIndent < indent)) break;
    block.push(line);
  }
  return block.toLines();
}

function readLocation(diagnostics: readonly string[]): { file?: string; line?: number } {
  const value = (key: string) => {
    const found = diagnostics.find((line) => line.trimStart().startsWith(`${key}:`));
    return found
      ?.slice(found.indexOf(":") + 1)
      .trim()
      .replace(/^'|'$/g, "");
  };
  const location = value("location");
  const fromLocation = location ? splitLocation(location) : null;
  if (fromLocation) return fromLocation;
  const file = value("file");
  const line = Number(value("line"));
  return file && Number.isSafeInteger(line) && line >= 1 ? { file, line } : {};
}
