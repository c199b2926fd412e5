import PgBoss from "pg-boss";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import type { RuntimeContext } from "@/lib/context/runtime-context.ts";
import { postgresPoolConfig } from "@/lib/db/postgres-connection.ts";
import { startCommandService, type CommandService } from "@/lib/team-commands/command-service.ts";
import { createNonceMemory } from "@/lib/team-commands/command-signature.ts";
import { runTeamCommand } from "@/lib/team-commands/run-team-command.ts";
import { notifyTeam } from "@/lib/team/team-feed.ts";

/** The job queue's own schema and connections (apart from the pool ARBOR_DB_POOL_SIZE counts). */
const JOBS_SCHEMA = "arbor_jobs";
const JOBS_POOL_SIZE = 2;

/**
 * pg-boss on the team's database: this instance's command queue, and the way to ask the others.
 * pg-boss keeps its tables in a schema of its own and migrates them itself. A queue that cannot
 * start (no right to create a schema, say) leaves Arbor running without it: the log says why, and
 * a request for another instance's worktree is refused saying so.
 */
export async function startTeamCommands(input: {
  ctx: RuntimeContext;
  url: string;
  instanceId: string;
  log: (line: string) => void;
}): Promise<CommandService | null> {
  const { ctx } = input;
  const boss = new PgBoss({
    ...postgresPoolConfig({ url: input.url, poolSize: JOBS_POOL_SIZE }),
    application_name: "arbor-jobs",
    schema: JOBS_SCHEMA,
    schedule: false,
    supervise: true,
    migrate: true,
  } as PgBoss.ConstructorOptions);
  boss.on("error", (error: Error) => input.log(`job queue: ${error.message}`));
  try {
    await boss.start();
    const key = ctx.config.teamKey;
    const signatures = key ? { key, seen: createNonceMemory() } : null;
    input.log(
      key
        ? "team requests: signed with ARBOR_TEAM_KEY; unsigned ones are refused"
        : "team requests: not signed (anyone who can write the database can queue one); set the same ARBOR_TEAM_KEY on every instance to sign them",
    );
    const service = await startCommandService({
      boss,
      instanceId: input.instanceId,
      teamKey: key,
      run: (data) =>
        runTeamCommand({ ...ctx, signatures, isTrusted: (repoId) => isRepositoryTrusted(ctx.db, repoId) }, data),
      signal: (signal) => notifyTeam(ctx.db, signal),
      log: input.log,
    });
    return {
      ...service,
      async close() {
        await service.close();
        await boss.stop({ graceful: false, wait: true });
      },
    };
  } catch (error) {
    input.log(
      `job queue: could not start (${(error as Error).message}); requests for other Arbors' worktrees are refused until it does. Grant this role CREATE on the database and restart.`,
    );
    await boss.stop({ graceful: false, wait: true }).catch(() => {});
    return null;
  }
}
