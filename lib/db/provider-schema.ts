import type { DatabaseProvider } from "./database-url.ts";

/** Where each provider's Prisma Client is generated (relative to the project root). */
export const GENERATED_CLIENT_DIRS: Record<DatabaseProvider, string> = {
  sqlite: "lib/db/generated",
  postgresql: "lib/db/generated-postgresql",
};

/** Where each provider's committed migrations live (relative to the project root). */
export const MIGRATIONS_DIRS: Record<DatabaseProvider, string> = {
  sqlite: "prisma/migrations",
  postgresql: "prisma/migrations-postgresql",
};

/**
 * `prisma/schema.prisma` is written for SQLite and stays the single source; the PostgreSQL
 * schema is the same text with the datasource provider (and, for generation, the output folder)
 * swapped. Only these two lines differ, so both clients have the same models and fields.
 */
export function schemaForProvider(
  schemaText: string,
  input: { provider: DatabaseProvider; generatorOutput?: string },
): string {
  const datasource = /(datasource\s+db\s*\{[^}]*?provider\s*=\s*)"sqlite"/;
  if (!datasource.test(schemaText)) throw new Error('schema.prisma: expected datasource db { provider = "sqlite" }');
  let text = schemaText.replace(datasource, `$1"${input.provider}"`);
  if (input.generatorOutput !== undefined) {
    const output = /(generator\s+client\s*\{[^}]*?output\s*=\s*)"[^"]*"/;
    if (!output.test(text)) throw new Error("schema.prisma: expected an output in generator client");
    text = text.replace(output, `$1${JSON.stringify(input.generatorOutput)}`);
  }
  return text;
}
