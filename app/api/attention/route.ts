import { listAttention } from "@/lib/chat/attention/list-attention.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";

// GET /api/attention – every pinned repository's worktrees, most in need of the user first
export const GET = withErrorHandling(async () => Response.json({ items: await listAttention(getRuntimeContext()) }));
