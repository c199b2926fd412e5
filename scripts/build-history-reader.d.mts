/** Where the reader threads' bundle goes for a build folder (relative to the project, or absolute). */
export function historyReaderBundlePath(distDir: string): string;
/** Bundles lib/history-import/reader-thread.ts into the build folder; returns the file. */
export function buildHistoryReader(distDir: string): Promise<string>;
