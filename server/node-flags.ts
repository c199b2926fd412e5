/**
 * Node flags of Arbor's server process, wherever it is started: `npm start` / `npm run dev`
 * (package.json, checked by node-flags.test.ts), `arbor start` and the test helper.
 *
 * --optimize-for-size: V8 grows its heap by smaller steps. Under the load bench the server's
 * reserved heap otherwise climbed from about 110 to 170–210 MB while the live heap stayed near
 * 75 MB (RSS growth up to 99 MB in 60 s); with the flag it stays near 80 MB (RSS growth about
 * 10 MB) at the same event-loop delay. A local tool should keep a small footprint.
 *
 * --single-threaded-gc: V8 does all its collection work on the main thread, with no helper
 * threads. With helpers, a pause waits for the slowest one, and on a busy machine a helper waits
 * for a CPU while the event loop sleeps: under the load bench (other work running beside it) the
 * long-task trace showed scavenges and mark-compact pauses of 57-95 ms with the main thread
 * asleep, not running, the largest event-loop delays left once WAL checkpoints had moved off the
 * loop. Single-threaded, the pauses under the same load stayed at or under 23 ms, the delay p99
 * did not rise (11-14 ms against 14-16 ms), and RSS was the same.
 */
export const SERVER_NODE_FLAGS = ["--optimize-for-size", "--single-threaded-gc"] as const;
