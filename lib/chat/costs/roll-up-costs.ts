/** One agent run's cost as the CLI reported it (subagents included), where and when it ran. */
export interface CostRow {
  worktreePath: string;
  costUsd: number;
  at: Date;
}

/** What a repository's agents cost: in all, today, per worktree, and per day for the last days. */
export interface RepoCosts {
  totalUsd: number;
  todayUsd: number;
  byWorktree: Array<{ worktreePath: string; totalUsd: number; todayUsd: number; runs: number }>;
  /** Oldest first, every day of the window (a day without runs is $0). */
  byDay: Array<{ day: string; usd: number }>;
}

/** Millionths of a dollar: the CLI reports six places, and sums of floats drift. */
const toMicros = (usd: number) => Math.round(usd * 1_000_000);
const fromMicros = (micros: number) => micros / 1_000_000;

/**
 * Adds up runs' costs per worktree and per day. `dayOf` names a date's day ("2026-11-30") in the
 * user's time zone; the window is the `days` days up to `now`'s. Pure.
 */
export function rollUpCosts(
  rows: readonly CostRow[],
  input: { now: Date; days: number; dayOf: (date: Date) => string },
): RepoCosts {
  const today = input.dayOf(input.now);
  const window: string[] = [];
  for (let back = input.days - 1; back >= 0; back -= 1)
    window.push(input.dayOf(new Date(input.now.getTime() - back * 86_400_000)));
  const perDay = new Map(window.map((day) => [day, 0]));
  const perWorktree = new Map<string, { total: number; today: number; runs: number }>();
  let total = 0;
  for (const row of rows) {
    const micros = toMicros(row.costUsd);
    const day = input.dayOf(row.at);
    total += micros;
    if (perDay.has(day)) perDay.set(day, perDay.get(day)! + micros);
    const worktree = perWorktree.get(row.worktreePath) ?? { total: 0, today: 0, runs: 0 };
    worktree.total += micros;
    worktree.runs += 1;
    if (day === today) worktree.today += micros;
    perWorktree.set(row.worktreePath, worktree);
  }
  return {
    totalUsd: fromMicros(total),
    todayUsd: fromMicros(perDay.get(today) ?? 0),
    byWorktree: [...perWorktree.entries()]
      .map(([worktreePath, sums]) => ({
        worktreePath,
        totalUsd: fromMicros(sums.total),
        todayUsd: fromMicros(sums.today),
        runs: sums.runs,
      }))
      .sort((a, b) => b.totalUsd - a.totalUsd || a.worktreePath.localeCompare(b.worktreePath)),
    byDay: window.map((day) => ({ day, usd: fromMicros(perDay.get(day)!) })),
  };
}

/** "$1.23"; under a cent, "<$0.01" rather than a misleading $0.00. */
export function formatUsd(usd: number): string {
  if (usd > 0 && usd < 0.005) return "<$0.01";
  return `$${usd.toFixed(2)}`;
}
