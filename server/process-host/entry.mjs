// Entry of Arbor's process host, forked by the server (lib/process-host/remote-process-host.ts).
// TypeScript sources are loaded through tsx, like bin/arbor.mjs does.
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

// The project's tsconfig resolves the @/ import paths whatever the current directory is.
register({ tsconfig: fileURLToPath(new URL("../../tsconfig.json", import.meta.url)) });
await import("./host.ts");
