#!/usr/bin/env node
// The `arbor` command: `arbor start [flags]`, `arbor open` (the sign-in link) and `arbor hooks install|uninstall <path> [--scope …] [--dry-run]`.
// TypeScript sources are loaded through tsx, like `npm start` does.
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

// The project's tsconfig resolves the @/ import paths whatever the current directory is.
register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
await import("../server/cli.ts");
