// The file a reader thread of "Import history" starts with (see reader-pool.ts). The server runs
// under tsx, but Node 20 does not hand a loader registered with --import to worker threads: the
// thread registers tsx itself, with Arbor's tsconfig (its `@/` paths), then loads reader-thread.ts.
// tsx's CommonJS hooks run in this thread; its ESM hooks would start one more thread per reader
// (about 8 MB of RSS each).
import { fileURLToPath } from "node:url";

process.env.TSX_TSCONFIG_PATH ??= fileURLToPath(new URL("../../tsconfig.json", import.meta.url));
const { register } = await import("tsx/cjs/api");
register({ namespace: "arbor-history-reader" }).require(
  fileURLToPath(new URL("./reader-thread.ts", import.meta.url)),
  import.meta.url,
);
