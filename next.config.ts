import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // A separate build folder can be chosen (ARBOR_NEXT_DIST) so parallel checkouts' builds never collide.
  distDir: process.env.ARBOR_NEXT_DIST ?? ".next",
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
};

export default nextConfig;
