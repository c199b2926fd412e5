/**
 * Node flags of Arbor's server wherever it starts: `npm start` / `npm run dev` (package.json,
 * checked by node-flags.test.ts), `arbor start` and the test helper.
 * --optimize-for-size keeps V8's reserved heap near the live heap (a small footprint);
 * --single-threaded-gc avoids long GC pauses when helper threads wait for a busy CPU.
 * The load-bench measurements are in docs/decisions/0007-server-gc-flags.md.
 */
export const SERVER_NODE_FLAGS = ["--optimize-for-size", "--single-threaded-gc"] as const;
