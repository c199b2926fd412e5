export interface BundlePaths {
  /** The server (server/start-server.ts), started by server/launch.mjs. */
  server: string;
  /** The process host the server forks (server/process-host/host.ts). */
  processHost: string;
  /** The reader threads of "Import history" (lib/history-import/reader-thread.ts). */
  historyReader: string;
}
/** Where a build's bundles are, given its folder relative to the project or absolute. */
export function bundlePaths(buildDir: string): BundlePaths;
