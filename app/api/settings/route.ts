import { agentsAtOnce } from "@/lib/agent/agent-concurrency.ts";
import { readMachineFacts } from "@/lib/agent/read-machine-facts.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import type { RuntimeContext } from "@/lib/context/runtime-context.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { settingsPatchSchema, type Settings } from "@/lib/settings/settings-schema.ts";
import { readSettingsWithClaude, saveSettings } from "@/lib/trust/claude-bin.ts";

/** Beside the settings: how many agents run at once under them on this machine, and why. */
const withAgentsAtOnce = <T extends { settings: Settings }>(ctx: RuntimeContext, data: T) => ({
  ...data,
  agentsAtOnce: agentsAtOnce(data.settings.maxConcurrentRuns, readMachineFacts(ctx.warmPool.describe())),
});

// GET /api/settings – the effective settings (stored values over safe defaults), the claude binary that runs,
// and how many agents run at once
export const GET = withErrorHandling(async () => {
  const ctx = getRuntimeContext();
  return Response.json(withAgentsAtOnce(ctx, await readSettingsWithClaude(ctx)));
});

// PUT /api/settings – change some settings; unknown keys and invalid values are refused (422), and so is a
// claudeBin that resolves to no safe executable
export const PUT = withErrorHandling(async (request: Request) => {
  const patch = await parseJsonBody(request, settingsPatchSchema);
  const ctx = getRuntimeContext();
  const saved = await saveSettings(ctx, patch);
  // Warm CLIs were started with the old settings.
  await ctx.warmPool.discard();
  return Response.json(withAgentsAtOnce(ctx, saved));
});
