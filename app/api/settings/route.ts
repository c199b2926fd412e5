import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { settingsPatchSchema } from "@/lib/settings/settings-schema.ts";
import { readSettingsWithClaude, saveSettings } from "@/lib/trust/claude-bin.ts";

// GET /api/settings – the effective settings (stored values over safe defaults) and the claude binary that runs
export const GET = withErrorHandling(async () => Response.json(await readSettingsWithClaude(getRuntimeContext())));

// PUT /api/settings – change some settings; unknown keys and invalid values are refused (422), and so is a
// claudeBin that resolves to no safe executable
export const PUT = withErrorHandling(async (request: Request) => {
  const patch = await parseJsonBody(request, settingsPatchSchema);
  const ctx = getRuntimeContext();
  const saved = await saveSettings(ctx, patch);
  // Warm CLIs were started with the old settings.
  await ctx.warmPool.discard();
  return Response.json(saved);
});
