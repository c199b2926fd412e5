// The browser bundle must never pull in server code: a component may import a lib/ module only
// when nothing that module loads (transitively, value imports) is a Node builtin or a server package.
import path from "node:path";
import { findImpurity, isServerOnlySpecifier, readImportGraph, resolveSpecifier } from "./import-graph.mjs";

/** @type {import("eslint").Rule.RuleModule} */
export const componentsImportPureLib = {
  meta: {
    type: "problem",
    docs: { description: "components/ imports only pure lib/ modules, never node: modules or Prisma" },
    schema: [],
    messages: {
      serverOnly: "components/ runs in the browser: '{{specifier}}' is server-only. Call an API route instead.",
      impure:
        "components/ may import only pure lib/ modules; {{module}} loads {{chain}}. Move the pure part into its own module.",
    },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    if (path.relative(root, file).split(path.sep)[0] !== "components") return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== "string") return;
      if (isServerOnlySpecifier(specifier)) {
        context.report({ node: node.source, messageId: "serverOnly", data: { specifier } });
        return;
      }
      const target = resolveSpecifier({ specifier, fromFile: file, root });
      if (!target || path.relative(root, target).split(path.sep)[0] !== "lib") return;
      const chain = findImpurity(readImportGraph(root), target);
      if (chain) {
        context.report({
          node: node.source,
          messageId: "impure",
          data: { module: path.relative(root, target), chain: chain.join(" → ") },
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
