import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The shape the Prisma schema engine expects for the committed migrations folder. */
export interface MigrationsList {
  baseDir: string;
  lockfile: { path: string; content: string | null };
  shadowDbInitScript: string;
  migrationDirectories: Array<{
    path: string;
    migrationFile: { path: string; content: { tag: "ok"; value: string } };
  }>;
}

/** Reads `prisma/migrations/<timestamp>_<name>/migration.sql` folders in name order. */
export function readMigrationsList(migrationsDir: string): MigrationsList {
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  const dirs = existsSync(migrationsDir)
    ? readdirSync(migrationsDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(path.join(migrationsDir, entry.name, "migration.sql")))
        .map((entry) => entry.name)
        .sort()
    : [];
  return {
    baseDir: migrationsDir,
    lockfile: {
      path: "migration_lock.toml",
      content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null,
    },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok", value: readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8") },
      },
    })),
  };
}

/** Names of the migration folders not yet recorded as finished in `_prisma_migrations`. */
export function findPendingMigrations(list: MigrationsList, appliedNames: ReadonlySet<string>): string[] {
  return list.migrationDirectories.map((dir) => dir.path).filter((name) => !appliedNames.has(name));
}

/** Names recorded as applied that are not among the committed folders: a newer Arbor migrated the database. */
export function findUnknownMigrations(list: MigrationsList, appliedNames: ReadonlySet<string>): string[] {
  const known = new Set(list.migrationDirectories.map((dir) => dir.path));
  return [...appliedNames].filter((name) => !known.has(name)).sort();
}
