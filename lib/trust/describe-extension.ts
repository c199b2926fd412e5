import { clipDetail, type RawFinding } from "./raw-finding.ts";

/** Front-matter keys of a skill, agent or command file that run something or grant tools. */
const ACTING_KEYS = new Set(["hooks", "allowed-tools", "allowed_tools", "allowedtools"]);

/**
 * The front matter (`---` … `---` at the top) of a project skill, agent or slash command, when it
 * declares hooks (they run while the skill or agent is active) or allowed tools (used without
 * asking while it runs); null otherwise. The front matter is shown as written: Arbor does not
 * interpret YAML, it only looks for those top-level keys.
 */
export function readActingFrontMatter(text: string): string | null {
  const normalized = text.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
  if (!normalized.startsWith("---\n")) return null;
  const end = normalized.indexOf("\n---", 4);
  const frontMatter = end === -1 ? normalized.slice(4) : normalized.slice(4, end);
  const keys = frontMatter
    .split("\n")
    .map((line) => /^([A-Za-z_][\w-]*)\s*:/.exec(line)?.[1]?.toLowerCase())
    .filter((key): key is string => key !== undefined);
  return keys.some((key) => ACTING_KEYS.has(key)) ? frontMatter : null;
}

/** The finding for a skill, agent or command file whose front matter acts (see readActingFrontMatter). */
export function describeExtension(input: { source: string; frontMatter: string }): RawFinding {
  const hasHooks = /^hooks\s*:/im.test(input.frontMatter);
  return {
    kind: "skill",
    source: input.source,
    title: hasHooks ? "hooks in front matter" : "allowed tools in front matter",
    risk: hasHooks
      ? "Runs these hooks on your machine while this skill, agent or command is active."
      : "Lets Claude use these tools without asking while this skill, agent or command runs.",
    detail: clipDetail(input.frontMatter),
    isSevere: hasHooks,
  };
}
