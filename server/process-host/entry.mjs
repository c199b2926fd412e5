// Entry of Arbor's process host, forked by the server (lib/process-host/remote-process-host.ts).
// TypeScript sources are loaded through tsx, like bin/arbor.mjs does.
import { register } from "tsx/esm/api";

register();
await import("./host.ts");
