import type { BundlePaths } from "./bundle-paths.mjs";
/** Bundles into a build's folder (all, or the ones named); returns where they are. */
export function buildBundles(buildDir: string, names?: Array<keyof BundlePaths>): Promise<BundlePaths>;
