// lib/<domain> folders form a layered graph: an import from one domain into another must not
// be reachable back. A cycle between folders means some module lives in the wrong folder.
import { findDomainPath, libDomainOf, readDomainGraph, readImportGraph, resolveSpecifier } from "./import-graph.mjs";

/** @type {import("eslint").Rule.RuleModule} */
export const noFolderCycles = {
  meta: {
    type: "problem",
    docs: { description: "Forbid imports that close a cycle between lib/ folders" },
    schema: [],
    messages: {
      cycle:
        "lib/{{from}} → lib/{{to}} closes a folder cycle (lib/{{back}}). Move the shared module into the folder both depend on, or into a new one.",
    },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const from = libDomainOf(root, file);
    if (!from || file.endsWith(".test.ts")) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== "string") return;
      const target = resolveSpecifier({ specifier, fromFile: file, root });
      const to = target && libDomainOf(root, target);
      if (!to || to === from) return;
      const back = findDomainPath(readDomainGraph(readImportGraph(root)), to, from);
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
