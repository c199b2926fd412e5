import PgBoss from "pg-boss";
import { expect } from "vitest";
import { commandQueueName } from "@/lib/team-commands/command-service.ts";
import type { InstanceView } from "@/lib/team/instances.ts";
import type { ErrorBody } from "./api-types.ts";
import { callApi } from "./call-api.ts";
import type { ArborAddress } from "./start-arbor.ts";

/** An instance's own id, as its API lists it. */
export async function localInstanceId(arbor: ArborAddress): Promise<string> {
  const { instances } = (await callApi<{ instances: InstanceView[] }>(arbor, "/api/team/instances")).body;
  return instances.find((instance) => instance.isLocal)!.id;
}

/**
 * A job written straight into an instance's command queue, as anyone with the database's password
 * could; resolves with the reply the instance stored once it took the job.
 */
export async function forgeCommand(
  databaseUrl: string,
  to: string,
  data: unknown,
): Promise<{ status: number; body: ErrorBody }> {
  const queue = commandQueueName(to);
  const boss = new PgBoss({ connectionString: databaseUrl, schema: "arbor_jobs", supervise: false, migrate: false });
  boss.on("error", () => {});
  await boss.start();
  try {
    const jobId = (await boss.send(queue, data as object))!;
    let output: unknown;
    await expect
      .poll(
        async () => {
          const job = await boss.getJobById(queue, jobId);
          output = job?.output;
          return job?.state;
        },
        { timeout: 30_000 },
      )
      .toBe("completed");
    return output as { status: number; body: ErrorBody };
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}
