// lib/<domain> folders form a layered graph: an import from one domain into another must not
// be reachable back. Inside a domain, its rooms (lib/worktrees/land, lib/worktrees/tidy…) and its
// shared core (the files directly in lib/worktrees) are layered the same way, so a room never
// reaches back into one that uses it. A cycle means some module lives in the wrong folder.
import {
  findDomainPath,
  libDomainOf,
  libRoomOf,
  readDomainGraph,
  readImportGraph,
  readRoomGraph,
  resolveSpecifier,
} from "./import-graph.mjs";

/** @type {import("eslint").Rule.RuleModule} */
export const noFolderCycles = {
  meta: {
    type: "problem",
    docs: { description: "Forbid imports that close a cycle between lib/ folders (domains, or rooms of a domain)" },
    schema: [],
    messages: {
      cycle:
        "lib/{{from}} → lib/{{to}} closes a folder cycle (lib/{{back}}). Move the shared module into the folder both depend on, or into a new one.",
    },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const fromDomain = libDomainOf(root, file);
    if (!fromDomain || file.endsWith(".test.ts")) return {};
    const fromRoom = libRoomOf(root, file);
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== "string") return;
      const target = resolveSpecifier({ specifier, fromFile: file, root });
      const toDomain = target && libDomainOf(root, target);
      if (!toDomain) return;
      // Across domains the domains must stay layered; inside one, its rooms must.
      const [from, to, graph] =
        toDomain !== fromDomain
          ? [fromDomain, toDomain, readDomainGraph(readImportGraph(root))]
          : [fromRoom, libRoomOf(root, target), readRoomGraph(readImportGraph(root))];
      if (from === to) return;
      const back = findDomainPath(graph, to, from);
      if (back)
        context.report({ node: node.source, messageId: "cycle", data: { from, to, back: back.join(" → lib/") } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
