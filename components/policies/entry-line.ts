import { stripMetaTags } from "@/lib/hook-events/meta-tag.ts";

/** What the topic log shows for one exchange while or after it is summarized. */
interface EntryLine {
  text: string;
  /** The small model's line is pending or could not be written: this is the user's words. */
  isFallback: boolean;
  /** Why the model's summary is missing, when it failed. */
  problem: string | null;
}

const clip = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/**
 * The one-line "User: … / AI: …" of a logged exchange. Until the summary arrives (or when it
 * failed with no text) the line is built from the exchange itself, meta tags left out of both sides.
 */
export function describeEntry(entry: {
  userText: string;
  assistantText: string;
  summary: string;
  summaryKind: string;
  summaryError: string | null;
}): EntryLine {
  const isModel = entry.summaryKind === "model";
  const problem =
    entry.summaryKind === "failed" || entry.summaryKind === "extractive"
      ? (entry.summaryError ?? (entry.summaryKind === "failed" ? "The summary could not be written." : null))
      : null;
  if (entry.summary.trim()) return { text: entry.summary.trim(), isFallback: !isModel, problem };
  const text = `User: ${clip(stripMetaTags(entry.userText), 140) || "(no prompt)"} / AI: ${clip(stripMetaTags(entry.assistantText), 200) || "(no answer)"}`;
  return { text, isFallback: true, problem };
}
