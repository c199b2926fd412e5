import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and process-spawning packages stay outside the bundle and load from node_modules.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/schema-engine-wasm", "simple-git"],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
