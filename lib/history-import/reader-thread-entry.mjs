// The file a reader thread of "Import history" starts with (see reader-pool.ts). The server runs
// under tsx, but Node 20 does not hand a loader registered with --import to worker threads: the
// thread registers tsx itself, then loads reader-thread.ts. Its `@/` paths resolve as the server's
// do (tsx finds Arbor's tsconfig from the cwd, or TSX_TSCONFIG_PATH, which the thread inherits).
// tsx's CommonJS hooks run in this thread; its ESM hooks would start one more thread per reader
// (about 8 MB of RSS each).
import { fileURLToPath } from "node:url";
import { register } from "tsx/cjs/api";

register({ namespace: "arbor-history-reader" }).require(
  fileURLToPath(new URL("./reader-thread.ts", import.meta.url)),
  import.meta.url,
);
