import type { ProcessHost } from "@/lib/process-host/types.ts";

/**
 * A process host that counts the processes started through it (spawned, or git run for a reader)
 * whose arguments include `word` (such as `merge-tree`).
 */
export function countingProcessHost(
  inner: ProcessHost,
  word: string,
): { host: ProcessHost; counter: { count: number } } {
  const counter = { count: 0 };
  const host: ProcessHost = {
    spawn(request, listener) {
      if (request.args.includes(word)) counter.count += 1;
      return inner.spawn(request, listener);
    },
    git(args, env) {
      if (args.includes(word)) counter.count += 1;
      return inner.git(args, env);
    },
    close: () => inner.close(),
  };
  return { host, counter };
}
