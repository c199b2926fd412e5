import type { ChangesScope } from "./changes-view.ts";

const OBJECT_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A scope as one URL parameter: `uncommitted`, `branch:<merge base>`, `commit:<sha>`, `run:<run id>`, `before-run:<run id>`. Pure. */
export function formatScope(scope: ChangesScope): string {
  switch (scope.kind) {
    case "uncommitted":
      return "uncommitted";
    case "branch":
      return `branch:${scope.mergeBase}`;
    case "commit":
      return `commit:${scope.sha}`;
    case "run":
      return `run:${scope.runId}`;
    case "before-run":
      return `before-run:${scope.runId}`;
  }
}

/** The scope a URL parameter names, or null when it names none (ids are checked for shape). Pure. */
export function parseScope(value: string): ChangesScope | null {
  if (value === "uncommitted") return { kind: "uncommitted" };
  const [kind, id = ""] = value.split(":", 2);
  if (kind === "branch" && OBJECT_ID.test(id)) return { kind: "branch", mergeBase: id };
  if (kind === "commit" && OBJECT_ID.test(id)) return { kind: "commit", sha: id };
  if (kind === "run" && UUID.test(id)) return { kind: "run", runId: id };
  if (kind === "before-run" && UUID.test(id)) return { kind: "before-run", runId: id };
  return null;
}
