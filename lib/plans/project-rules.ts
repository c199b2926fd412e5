import type { Db } from "@/lib/db/client.ts";
import { validateNamingRule } from "@/lib/design/naming-rule.ts";
import type { ProjectRulesView } from "./plan-types.ts";

export async function readProjectRules(db: Db, repoId: string): Promise<ProjectRulesView> {
  const rules = await db.projectRule.findUnique({ where: { repoId } });
  return { branchNamingRule: rules?.branchNamingRule ?? "feat/{slug}", freeTextRules: rules?.freeTextRules ?? "" };
}

/** Stores the repository's rules; the naming rule must contain `{slug}` once and give valid branch names. */
export async function updateProjectRules(
  db: Db,
  input: { repoId: string } & Partial<ProjectRulesView>,
): Promise<ProjectRulesView> {
  if (input.branchNamingRule !== undefined) validateNamingRule(input.branchNamingRule);
  await db.projectRule.upsert({
    where: { repoId: input.repoId },
    create: {
      repoId: input.repoId,
      branchNamingRule: input.branchNamingRule ?? "feat/{slug}",
      freeTextRules: input.freeTextRules ?? "",
    },
    update: { branchNamingRule: input.branchNamingRule, freeTextRules: input.freeTextRules },
  });
  return readProjectRules(db, input.repoId);
}

/** The naming rule the repository set, or null when it never set one (readProjectRules then gives Arbor's default). */
export async function readStoredNamingRule(db: Db, repoId: string): Promise<string | null> {
  const rules = await db.projectRule.findUnique({ where: { repoId }, select: { branchNamingRule: true } });
  return rules?.branchNamingRule ?? null;
}
