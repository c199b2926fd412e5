/**
 * Node flags of Arbor's server process, wherever it is started: `npm start` / `npm run dev`
 * (package.json, checked by node-flags.test.ts), `arbor start` and the test helper.
 *
 * --optimize-for-size: V8 grows its heap by smaller steps. Under the load bench the server's
 * reserved heap otherwise climbed from about 110 to 170–210 MB while the live heap stayed near
 * 75 MB (RSS growth up to 99 MB in 60 s); with the flag it stays near 80 MB (RSS growth about
 * 10 MB) at the same event-loop delay. A local tool should keep a small footprint.
 */
export const SERVER_NODE_FLAGS = ["--optimize-for-size"] as const;
