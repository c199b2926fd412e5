// Before any schema is built: no eval probe in the browser (see zod-in-browser.ts).
import "@/lib/realtime/zod-in-browser.ts";
import { z } from "zod";
import { isValidPathToken } from "@/lib/git/git-path.ts";
import { parseScope } from "./scope-param.ts";

/** The parameters every changes request starts with: which pinned worktree. */
export const worktreeParams = z.object({ repoId: z.string().uuid(), worktreePath: z.string().min(1).max(4096) });

/** A path token (see lib/git/git-path.ts) as a client may send it. */
export const pathTokenParam = z
  .string()
  .max(16_384)
  .refine(isValidPathToken, "Not a path inside the worktree: pick a file from the list.");

/** A scope URL parameter (see scope-param.ts). */
export const scopeParam = z
  .string()
  .max(200)
  .transform((value, context) => {
    const scope = parseScope(value);
    if (!scope) {
      context.addIssue({
        code: "custom",
        message: "Unknown scope: use uncommitted, branch:<sha>, commit:<sha>, run:<id> or before-run:<id>.",
      });
      return z.NEVER;
    }
    return scope;
  });
