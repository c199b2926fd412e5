#!/usr/bin/env node
// The `arbor` command: `arbor start [flags]` and `arbor hooks install|uninstall <path> [--scope …] [--dry-run]`.
// TypeScript sources are loaded through tsx, like `npm start` does.
import { register } from "tsx/esm/api";

register();
await import("../server/cli.ts");
