import { getDb } from "@/lib/db/client.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { settingsPatchSchema } from "@/lib/settings/settings-schema.ts";
import { discardWarm } from "@/lib/agent/warm-pool.ts";
import { readSettings, updateSettings } from "@/lib/settings/settings-store.ts";

// GET /api/settings – the effective settings (stored values over safe defaults)
export const GET = withErrorHandling(async () => Response.json({ settings: await readSettings(getDb()) }));

// PUT /api/settings – change some settings; unknown keys and invalid values are refused (422)
export const PUT = withErrorHandling(async (request: Request) => {
  const patch = await parseJsonBody(request, settingsPatchSchema);
  const settings = await updateSettings(getDb(), patch);
  // Warm CLIs were started with the old settings.
  await discardWarm();
  return Response.json({ settings });
});
