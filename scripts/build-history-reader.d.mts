/** Where the reader threads' bundle goes in a build's folder (relative to the project, or absolute). */
export function historyReaderBundlePath(buildDir: string): string;
/** Bundles lib/history-import/reader-thread.ts into a build's folder; returns the file. */
export function buildHistoryReader(buildDir: string): Promise<string>;
