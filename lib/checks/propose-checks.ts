import { DEFAULT_CHECK_TIMEOUT_SECONDS, type CheckSpec } from "./check-setting.ts";

/** What a repository's top folder holds that says how its tests run (null: the file is not there). */
export interface RepositoryMarkers {
  packageJson: string | null;
  makefile: string | null;
  /** pytest.ini, or a pyproject.toml / setup.cfg / tox.ini that configures pytest. */
  hasPytestConfig: boolean;
  hasCargoToml: boolean;
  hasGoMod: boolean;
}

/**
 * The checks Arbor proposes from what the repository has, in the order a user most likely wants
 * them: its package.json `test` script, a Makefile `test:` target, pytest, cargo, go. Pure.
 */
export function proposeChecks(markers: RepositoryMarkers): CheckSpec[] {
  const commands: string[] = [];
  if (hasNpmTestScript(markers.packageJson)) commands.push("npm test");
  if (markers.makefile !== null && /^test\s*:(?!=)/m.test(markers.makefile)) commands.push("make test");
  if (markers.hasPytestConfig) commands.push("pytest");
  if (markers.hasCargoToml) commands.push("cargo test");
  if (markers.hasGoMod) commands.push("go test ./...");
  return commands.map((command, index) => ({
    name: index === 0 ? "test" : `test-${command.split(" ")[0]}`,
    command,
    timeoutSeconds: DEFAULT_CHECK_TIMEOUT_SECONDS,
  }));
}

/** npm's placeholder `echo "Error: no test specified" && exit 1` is not a test script. */
function hasNpmTestScript(packageJson: string | null): boolean {
  if (packageJson === null) return false;
  try {
    const parsed = JSON.parse(packageJson) as { scripts?: Record<string, unknown> };
    const script = parsed.scripts?.test;
    return typeof script === "string" && script.trim() !== "" && !script.includes("no test specified");
  } catch {
    return false;
  }
}

/** Whether a Python config file's text configures pytest. */
export function configuresPytest(text: string): boolean {
  return /^\[(tool:pytest|pytest|tool\.pytest\.ini_options)\]/m.test(text);
}
