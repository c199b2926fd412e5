import { access, readFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { parseStoredChecks, type CheckSpec } from "./check-setting.ts";
import { configuresPytest, proposeChecks } from "./propose-checks.ts";

/** The repository setting (a repo_settings row, JSON) that holds its checks. */
const CHECKS_KEY = "checks";

/** The repository's checks; none when never set (or when what is stored no longer passes the rules). */
export async function readChecks(db: Db, repoId: string): Promise<CheckSpec[]> {
  const row = await db.repoSetting.findUnique({ where: { repoId_key: { repoId, key: CHECKS_KEY } } });
  if (!row) return [];
  try {
    return parseStoredChecks(JSON.parse(row.value));
  } catch {
    return [];
  }
}

/** Stores the checks (already validated by checksSchema); an empty list removes them. */
export async function saveChecks(db: Db, input: { repoId: string; checks: CheckSpec[] }): Promise<void> {
  const { repoId } = input;
  if (input.checks.length === 0) {
    await db.repoSetting.deleteMany({ where: { repoId, key: CHECKS_KEY } });
    return;
  }
  const value = JSON.stringify(input.checks);
  await db.repoSetting.upsert({
    where: { repoId_key: { repoId, key: CHECKS_KEY } },
    create: { repoId, key: CHECKS_KEY, value },
    update: { value },
  });
}

/** What Arbor proposes for the repository from the files in its main worktree's top folder. */
export async function readProposedChecks(db: Db, repoId: string): Promise<CheckSpec[]> {
  const repo = await db.repo.findUnique({ where: { id: repoId }, select: { rootPath: true } });
  if (!repo) throw new AppError("not_found", "That repository is not known to Arbor. Pin it first.");
  const at = (name: string) => path.join(repo.rootPath, name);
  // Only small text files are read, never run: proposing is safe in an untrusted repository.
  const text = (name: string) => readFile(at(name), "utf8").catch(() => null);
  const exists = (name: string) =>
    access(at(name)).then(
      () => true,
      () => false,
    );
  const [packageJson, makefile, pytestIni, pyproject, setupCfg, toxIni, hasCargoToml, hasGoMod] = await Promise.all([
    text("package.json"),
    text("Makefile"),
    exists("pytest.ini"),
    text("pyproject.toml"),
    text("setup.cfg"),
    text("tox.ini"),
    exists("Cargo.toml"),
    exists("go.mod"),
  ]);
  const hasPytestConfig =
    pytestIni || [pyproject, setupCfg, toxIni].some((file) => file !== null && configuresPytest(file));
  return proposeChecks({ packageJson, makefile, hasPytestConfig, hasCargoToml, hasGoMod });
}
