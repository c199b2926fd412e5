import type { NextConfig } from "next";
import { nextDistDir } from "./scripts/next-build/next-dist-dir.ts";

/** Next calls this with its phase: a build and a running server each read their own build folder. */
export default function nextConfig(phase: string): NextConfig {
  return {
    // Under the root ARBOR_NEXT_DIST names (parallel checkouts' builds never collide): scripts/next-build/.
    distDir: nextDistDir(phase),
    // Native and process-spawning packages stay outside the bundle and load from node_modules.
    serverExternalPackages: [
      "better-sqlite3",
      "@prisma/adapter-better-sqlite3",
      "pg",
      "@prisma/adapter-pg",
      "@prisma/schema-engine-wasm",
      "simple-git",
    ],
    poweredByHeader: false,
    // `npm run typecheck` checks the whole project (tests included) once; the build skips it.
    typescript: { ignoreBuildErrors: true },
    reactStrictMode: true,
    // Each page and route loads when first asked for, not all of them at start (docs/decisions/0023).
    experimental: { preloadEntriesOnStart: false },
  };
}
