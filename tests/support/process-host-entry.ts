import { fileURLToPath } from "node:url";

/** The process host program the server forks (server/process-host/entry.mjs). */
export const PROCESS_HOST_ENTRY = fileURLToPath(new URL("../../server/process-host/entry.mjs", import.meta.url));
