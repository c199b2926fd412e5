#!/usr/bin/env node
// The `arbor` command: `arbor start [flags]` and `arbor hooks install|uninstall <path> [--scope …] [--dry-run]`.
// TypeScript sources are loaded through tsx, like `npm start` does.
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

// The project's tsconfig (for its `@/` paths) whatever the current directory: tsx would look in the cwd.
register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
await import("../server/cli.ts");
