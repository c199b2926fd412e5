// The file a reader thread of "Import history" starts with (see reader-pool.ts). The server runs
// under tsx, but Node 20 does not hand a loader registered with --import to worker threads: the
// thread registers tsx itself, with Arbor's tsconfig (its `@/` paths), then loads reader-thread.ts.
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

register({ tsconfig: fileURLToPath(new URL("../../tsconfig.json", import.meta.url)) });
await import("./reader-thread.ts");
