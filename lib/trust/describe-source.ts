import type { LinkHop, SourceFile, SourceRole } from "./build-inspection.ts";
import { describeExtension, readActingFrontMatter } from "./describe-extension.ts";
import { describeMcpFile } from "./describe-mcp.ts";
import { describeSettingsFile } from "./describe-settings.ts";
import type { RawFinding } from "./raw-finding.ts";

/** What one file shows, and the text the digest covers for it (null: nothing to show or trust). */
export type SourceDescription = { findings: RawFinding[]; canonical: string } | null;

/**
 * Describes a file as Claude Code would load it. A file reached through a link adds the link (its
 * target and where it leads) to the digest, so pointing it elsewhere asks again even when the
 * files there are the same; the link itself is shown once, on the entry that is the link.
 */
export function describeSource(input: {
  file: SourceFile;
  isArborHandler: (handler: unknown) => boolean;
}): SourceDescription {
  const { file } = input;
  const content = describeContent({ file, isArborHandler: input.isArborHandler });
  const link = file.link ?? null;
  if (link === null) return content;
  // Below a linked folder: the folder's own entry carries the link, this one only what it would run.
  if (link.target === null && content === null) return null;
  const shown = link.target === null ? [] : [describeLink({ source: file.path, role: file.role, link, file })];
  return {
    findings: [...shown, ...(content?.findings ?? [])],
    canonical: JSON.stringify(["via", link.target, link.realPath, content?.canonical ?? null]),
  };
}

/**
 * Whether Arbor cannot tell what Claude Code would load from this file: not a regular file (a
 * FIFO could hand Claude anything, at any time), or a link through /proc. Trusting is refused
 * while one is there, since the digest could not notice a change.
 */
export function isUnknowable(file: SourceFile): boolean {
  return file.read.kind === "per-process" || (file.read.kind === "special" && file.role !== "other");
}

function describeLink(input: { source: string; role: SourceRole; link: LinkHop; file: SourceFile }): RawFinding {
  const { source, link } = input;
  const target = link.target ?? "";
  const to = link.realPath !== null && link.realPath !== target ? `${target} (${link.realPath})` : target;
  const base = {
    kind: "link" as const,
    source,
    title: "symbolic link",
    detail: `${target} → ${link.realPath ?? "nothing"}`,
  };
  const isOutside = link.realPath !== null && link.realPath.startsWith("/");
  switch (input.file.read.kind) {
    case "nowhere":
      return {
        ...base,
        risk: `${source} is a link to ${target}, which does not exist (or the links loop). Claude Code loads nothing from it now; if something appears there, Arbor asks again.`,
        isSevere: false,
      };
    case "per-process":
      return {
        ...base,
        risk: `${source} is a link to ${target}, which goes through /proc, where each process sees other files: Arbor cannot see what Claude Code would load there. The repository cannot be trusted while this link is there; replace it with the files themselves.`,
        isSevere: true,
      };
    case "folder":
      return {
        ...base,
        risk: `${source} is a link to ${to}. Claude Code follows it and loads what is there; Arbor read the files there, and what they would run is listed under ${source}/….`,
        isSevere: isOutside,
      };
    case "special":
      return input.role === "other"
        ? {
            ...base,
            risk: `${source} is a link to ${to}, which is not a folder: Claude Code loads nothing from it.`,
            isSevere: false,
          }
        : { ...base, risk: `${source} is a link to ${to}, which is not a regular file.`, isSevere: true };
    case "text":
    case "too-large":
      return {
        ...base,
        risk: `${source} is a link to ${to}. Claude Code loads the file there; Arbor read it, and what it would run is listed under ${source}.`,
        isSevere: isOutside,
      };
  }
}

function describeContent(input: {
  file: SourceFile;
  isArborHandler: (handler: unknown) => boolean;
}): SourceDescription {
  const { path: source, role, read } = input.file;
  switch (read.kind) {
    case "folder":
    case "nowhere":
    case "per-process":
      // What matters is the link that leads there, described with it.
      return input.file.link ? null : { findings: [], canonical: read.kind };
    case "special":
      if (role === "other" && input.file.link) return { findings: [], canonical: "special" };
      return {
        findings: [
          role === "other"
            ? {
                kind: "unreadable",
                source,
                title: "not a folder",
                risk: "Claude Code loads nothing from it while it is not a folder.",
                detail: "",
                isSevere: false,
              }
            : {
                kind: "unreadable",
                source,
                title: "not a regular file",
                risk: "Arbor cannot read it, so it cannot tell what Claude Code would load from it. The repository cannot be trusted while it is there; make it a regular file or remove it.",
                detail: "",
                isSevere: true,
              },
        ],
        canonical: "special",
      };
    case "too-large":
      return {
        findings: [
          {
            kind: "unreadable",
            source,
            title: "too large to show",
            risk: "Arbor does not show a file this large; check it yourself before trusting.",
            detail: `${read.size} bytes, sha256 ${read.sha256}`,
            isSevere: true,
          },
        ],
        canonical: `sha256:${read.sha256}`,
      };
    case "text":
      return describeText({ source, role, text: read.text, isArborHandler: input.isArborHandler });
  }
}

function describeText(input: {
  source: string;
  role: SourceRole;
  text: string;
  isArborHandler: (handler: unknown) => boolean;
}): SourceDescription {
  if (input.role === "extension") {
    const frontMatter = readActingFrontMatter(input.text);
    return frontMatter === null
      ? null
      : { findings: [describeExtension({ source: input.source, frontMatter })], canonical: frontMatter };
  }
  if (input.role === "other") return null;
  const described =
    input.role === "mcp"
      ? describeMcpFile({ source: input.source, text: input.text })
      : describeSettingsFile({ source: input.source, text: input.text, isArborHandler: input.isArborHandler });
  return described.canonical === null ? null : { findings: described.findings, canonical: described.canonical };
}
