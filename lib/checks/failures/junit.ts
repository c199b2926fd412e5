import { createFailureLines, MAX_NAME_PARTS, splitOutputLines, type RawFailure } from "./failure-list.ts";
import { findLocation } from "./find-location.ts";
import { readTag, readXmlText, type XmlTag } from "./xml-scan.ts";

/** A `classname` that is a source file (vitest writes the test file there). */
const FILE_LIKE = /\.(?:[cm]?[jt]sx?|py|rb|go|rs|java|kt|php|cs|swift)$/;
/** node --test's JUnit reporter writes this `classname` on every test case: the suites name them instead. */
const NODE_CLASSNAME = "test";
/** What holds no tags: skipped whole, so a `<testcase` inside them is not read as one. */
const SKIPPED = [
  ["<!--", "-->"],
  ["<![CDATA[", "]]>"],
  ["<?", "?>"],
] as const;

/**
 * JUnit XML: each `<testcase>` holding a `<failure>` or `<error>`, with its text (CDATA and
 * entities read) and its file and line: where the failure's own text points in the test's file
 * (pytest's `line` attribute counts from 0), else the attributes. A small tolerant scanner, one
 * pass: a document cut off (the middle of a long output is dropped) yields the cases before the cut.
 */
export function findJUnitFailures(text: string): RawFailure[] {
  if (!text.includes("<testcase")) return [];
  const failures: RawFailure[] = [];
  const suites: string[] = [];
  let index = text.indexOf("<");
  while (index !== -1) {
    const skipped = SKIPPED.find(([open]) => text.startsWith(open, index));
    if (skipped) {
      const close = text.indexOf(skipped[1], index + skipped[0].length);
      index = close === -1 ? -1 : text.indexOf("<", close + skipped[1].length);
      continue;
    }
    const tag = readTag(text, index);
    if (!tag) break;
    let next = tag.end;
    if (tag.name === "testsuite" && tag.isClosing) suites.pop();
    else if (tag.name === "testsuite" && !tag.isSelfClosing) suites.push(tag.attributes.get("name") ?? "");
    else if (tag.name === "testcase" && !tag.isClosing && !tag.isSelfClosing) {
      const close = text.indexOf("</testcase>", tag.end);
      const bodyEnd = close === -1 ? text.length : close;
      const failure = readFailure(text, tag.end, bodyEnd);
      if (failure !== null) failures.push(describeCase(tag, suites, failure));
      next = close === -1 ? text.length : close + "</testcase>".length;
    }
    index = text.indexOf("<", next);
  }
  return failures;
}

/** The lines of the first `<failure>` or `<error>` between `start` and `end`, or null when the case passed. */
function readFailure(text: string, start: number, end: number): string[] | null {
  let index = text.indexOf("<", start);
  while (index !== -1 && index < end) {
    const tag = readTag(text, index, end);
    if (!tag) return null;
    if (!tag.isClosing && (tag.name === "failure" || tag.name === "error")) {
      // Searched in the case's own text only: a missing end tag costs that, not the rest of the document.
      const body = tag.isSelfClosing ? "" : text.slice(tag.end, end);
      const close = body.indexOf(`</${tag.name}>`);
      const content = readXmlText(close === -1 ? body : body.slice(0, close));
      const lines = createFailureLines();
      const shown = content.trim() === "" ? (tag.attributes.get("message") ?? tag.name) : content;
      for (const line of splitOutputLines(shown)) lines.push(line);
      return lines.toLines();
    }
    index = text.indexOf("<", tag.end);
  }
  return null;
}

function describeCase(tag: XmlTag, suites: readonly string[], lines: string[]): RawFailure {
  const classname = tag.attributes.get("classname");
  const isFileClass = classname !== undefined && FILE_LIKE.test(classname);
  const file = tag.attributes.get("file") ?? (isFileClass ? classname : undefined);
  const caseName = tag.attributes.get("name") || "(unnamed test case)";
  const name =
    classname === NODE_CLASSNAME
      ? [...suites.slice(-MAX_NAME_PARTS), caseName].filter(Boolean).join(" › ")
      : classname && !isFileClass
        ? `${classname}.${caseName}`
        : caseName;
  if (file === undefined) return { name, lines };
  const attributeLine = Number(tag.attributes.get("line"));
  const line = findLocation(lines, file)?.line ?? (attributeLine >= 1 ? attributeLine : undefined);
  return { name, file, line, lines };
}
