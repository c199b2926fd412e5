import { describe, expect, it } from "vitest";
import { configuresPytest, proposeChecks } from "./propose-checks.ts";

const none = { packageJson: null, makefile: null, hasPytestConfig: false, hasCargoToml: false, hasGoMod: false };

describe("proposeChecks", () => {
  it("proposes npm test for a package.json test script, but not npm's placeholder", () => {
    expect(proposeChecks({ ...none, packageJson: '{"scripts":{"test":"vitest run"}}' })).toEqual([
      { name: "test", command: "npm test", timeoutSeconds: 600 },
    ]);
    const placeholder = '{"scripts":{"test":"echo \\"Error: no test specified\\" && exit 1"}}';
    expect(proposeChecks({ ...none, packageJson: placeholder })).toEqual([]);
    expect(proposeChecks({ ...none, packageJson: "{not json" })).toEqual([]);
  });

  it("finds a Makefile test target (not a variable named test), pytest, cargo and go, named apart", () => {
    const proposed = proposeChecks({
      packageJson: null,
      makefile: "all: build\n\ntest: build\n\tgo test\n",
      hasPytestConfig: true,
      hasCargoToml: true,
      hasGoMod: true,
    });
    expect(proposed.map((check) => [check.name, check.command])).toEqual([
      ["test", "make test"],
      ["test-pytest", "pytest"],
      ["test-cargo", "cargo test"],
      ["test-go", "go test ./..."],
    ]);
    expect(proposeChecks({ ...none, makefile: "test := 1\ntests: x\n" })).toEqual([]);
  });

  it("reads pytest's sections in pyproject.toml, setup.cfg and tox.ini", () => {
    expect(configuresPytest("[tool.pytest.ini_options]\naddopts = -q\n")).toBe(true);
    expect(configuresPytest("[metadata]\nname = x\n[tool:pytest]\n")).toBe(true);
    expect(configuresPytest("[tool.black]\n")).toBe(false);
  });
});
