/** The settings automatic upkeep follows. */
export interface UpkeepSettings {
  recentMessageCount: number;
  upkeepMessageThreshold: number;
  upkeepCharThreshold: number;
  upkeepKeepLastN: number;
}

export interface UpkeepDecision {
  /** Summarize the uncovered messages up to this id (null: no summary now). */
  summarizeThrough: number | null;
  /** Archive covered messages beyond the last `upkeepKeepLastN` ("Lighten"). */
  lighten: boolean;
  /** Why, for the logs and the note: gap | budget | size (null: nothing to do). */
  reason: "gap" | "budget" | "size" | null;
}

/**
 * What upkeep does after a run, pure. The gap rule: every message after the summary goes into the
 * prompt verbatim, so before the uncovered messages outgrow the recent window (`recentMessageCount`)
 * they are summarized, all but the newest half of the window (never more than Lighten keeps), which
 * stay verbatim; a message the last prompt left out for the budget is summarized too. Past the size
 * thresholds the conversation is also lightened, as before.
 */
export function decideUpkeep(input: {
  /** Uncovered messages (user and assistant, with text), ascending ids. */
  uncoveredIds: readonly number[];
  /** Uncovered messages the latest prompt left out for the budget. */
  droppedIds: readonly number[];
  workingCount: number;
  workingChars: number;
  settings: UpkeepSettings;
}): UpkeepDecision {
  const { settings } = input;
  const keepVerbatim = Math.min(Math.floor(settings.recentMessageCount / 2), settings.upkeepKeepLastN);
  const isOverWindow = input.uncoveredIds.length > settings.recentMessageCount;
  const isOverSize =
    input.workingCount >= settings.upkeepMessageThreshold || input.workingChars >= settings.upkeepCharThreshold;
  const hasDropped = input.droppedIds.length > 0;
  if (!isOverWindow && !isOverSize && !hasDropped) return { summarizeThrough: null, lighten: false, reason: null };
  const windowCut = input.uncoveredIds[input.uncoveredIds.length - keepVerbatim - 1] ?? null;
  const droppedCut = hasDropped ? Math.max(...input.droppedIds) : null;
  const candidates = [windowCut, droppedCut].filter((id): id is number => id !== null);
  return {
    summarizeThrough: candidates.length ? Math.max(...candidates) : null,
    lighten: isOverSize,
    reason: isOverWindow ? "gap" : hasDropped ? "budget" : "size",
  };
}
