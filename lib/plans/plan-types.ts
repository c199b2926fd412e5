// Before any schema is built: no eval probe in the browser (see zod-in-browser.ts).
import "@/lib/realtime/zod-in-browser.ts";
import { z } from "zod";
import type { BranchTreeNode } from "@/lib/design/divergence/layout-tree.ts";
import { DESIGN_NODE_STATUSES, type DesignTree, type DivergenceWarning } from "@/lib/design/types.ts";
import type { RepoScan } from "@/lib/git/types.ts";

export interface PlanView {
  id: string;
  repoId: string;
  title: string;
  goal: string;
  bodyMarkdown: string;
  tree: DesignTree | null;
  treeVersion: number | null;
  /** The plan's own version (title, goal, body); a PATCH names it as its baseVersion. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** The template a new plan starts from. */
export const PLAN_TEMPLATE = {
  goal: "",
  bodyMarkdown: "## Context\n\n## Scope\n\n## Out of scope\n\n## Done when\n",
};

export const designTreeSchema = z.object({
  nodes: z
    .array(
      z.object({
        slug: z.string().max(60),
        title: z.string().max(200),
        description: z.string().max(5000).nullable().default(null),
        status: z.enum(DESIGN_NODE_STATUSES).default("planned"),
      }),
    )
    .max(1000),
  edges: z.array(z.object({ parent: z.string().max(60), child: z.string().max(60) })).max(1000),
});

/** The tree dashboard: the repository as git has it, laid out against a plan's design tree. */
export interface RepoDashboard {
  plan: PlanView | null;
  plans: Array<{ id: string; title: string; hasTree: boolean }>;
  rule: string;
  defaultBranch: string | null;
  layout: BranchTreeNode[];
  warnings: DivergenceWarning[];
  scan: RepoScan;
}

/** Whether wizard option B (a GitHub issue) can be offered, and why not. */
export type GithubAvailability = { isAvailable: true } | { isAvailable: false; reason: string };

export interface ProjectRulesView {
  branchNamingRule: string;
  freeTextRules: string;
}
