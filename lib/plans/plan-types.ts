import { z } from "zod";
import { DESIGN_NODE_STATUSES, type DesignTree } from "@/lib/design/types.ts";

export interface PlanView {
  id: string;
  repoId: string;
  title: string;
  goal: string;
  bodyMarkdown: string;
  tree: DesignTree | null;
  treeVersion: number | null;
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
