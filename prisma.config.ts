// Prisma CLI configuration. Arbor applies migrations itself (scripts/migrate.mjs, through the
// WebAssembly schema engine) because the CLI's native engine cannot be downloaded offline.
// On a machine with internet, `npx prisma migrate deploy` works against the same folders.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "file:./dev.db" },
});
