import { AppError } from "@/lib/errors/app-error.ts";

/**
 * Runs `task` over `items` with at most `limit` tasks in flight and returns the results in
 * input order. Used to cap how many git processes one scan spawns at once.
 */
export async function runWithConcurrency<T, R>({
  items,
  limit,
  task,
}: {
  items: readonly T[];
  limit: number;
  task: (item: T, index: number) => Promise<R>;
}): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new AppError(
      "invalid_input",
      `Concurrency must be a whole number of at least 1, got ${limit}. Pass a value such as 8.`,
    );
  }
  const results = new Array<R>(items.length);
  let next = 0;
  async function work(): Promise<void> {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index] as T, index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, work));
  return results;
}
