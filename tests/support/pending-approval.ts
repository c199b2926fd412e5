import { expect } from "vitest";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import { callApi } from "./call-api.ts";
import type { ArborAddress } from "./start-arbor.ts";

/** The first request a session's run is waiting on, as `arbor` lists it, once the CLI has asked. */
export async function waitForPendingApproval(arbor: ArborAddress, sessionId: string): Promise<ApprovalView> {
  let found: ApprovalView | undefined;
  await expect
    .poll(
      async () => {
        const { body } = await callApi<{ approvals: ApprovalView[] }>(arbor, `/api/approvals?sessionId=${sessionId}`);
        found = body.approvals[0];
        return found?.status;
      },
      { timeout: 30_000 },
    )
    .toBe("pending");
  return found!;
}
