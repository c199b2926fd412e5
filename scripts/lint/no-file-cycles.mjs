// No module may import itself back through others: a cycle makes load order decide which half sees
// the other's exports as undefined. Read from the project's import graph once per lint process
// (import-x/no-cycle resolved every import again for every file, a seventh of the whole lint).
// `import type` is erased at build time, so it closes no cycle.
import path from "node:path";
import { readImportGraph, resolveSpecifier } from "./import-graph.mjs";

/** @type {import("eslint").Rule.RuleModule} */
export const noFileCycles = {
  meta: {
    type: "problem",
    docs: { description: "Forbid value imports that close a cycle between modules" },
    schema: [],
    messages: {
      cycle: "This import closes a module cycle ({{route}}). Move what both need into a module neither imports.",
    },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const graph = readImportGraph(root);
    if (!graph.files.has(file)) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== "string" || node.importKind === "type" || node.exportKind === "type") return;
      const target = resolveSpecifier({ specifier, fromFile: file, root });
      if (!target || target === file) return;
      const components = readComponents(graph);
      if (components.get(target) !== components.get(file)) return;
      const back = findRoute(graph, target, file);
      if (!back) return;
      const route = [file, ...back].map((step) => path.relative(root, step)).join(" → ");
      context.report({ node: node.source, messageId: "cycle", data: { route } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/**
 * Each module's strongly connected component over value imports (Tarjan's algorithm, iterative),
 * computed once per graph: an import closes a cycle exactly when both ends share a component.
 * @returns {Map<string, number>}
 */
function readComponents(graph) {
  if (graph.components) return graph.components;
  const components = new Map();
  const indexOf = new Map();
  const lowOf = new Map();
  const stack = [];
  const onStack = new Set();
  let counter = 0;
  const targetsOf = (file) =>
    (graph.files.get(file) ?? []).filter((edge) => !edge.isTypeOnly && edge.target && graph.files.has(edge.target));
  for (const start of graph.files.keys()) {
    if (indexOf.has(start)) continue;
    const frames = [{ file: start, edges: targetsOf(start), next: 0 }];
    indexOf.set(start, counter);
    lowOf.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1];
      if (frame.next < frame.edges.length) {
        const target = frame.edges[frame.next++].target;
        if (!indexOf.has(target)) {
          indexOf.set(target, counter);
          lowOf.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          frames.push({ file: target, edges: targetsOf(target), next: 0 });
        } else if (onStack.has(target)) lowOf.set(frame.file, Math.min(lowOf.get(frame.file), indexOf.get(target)));
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) lowOf.set(parent.file, Math.min(lowOf.get(parent.file), lowOf.get(frame.file)));
      if (lowOf.get(frame.file) !== indexOf.get(frame.file)) continue;
      for (let member = stack.pop(); ; member = stack.pop()) {
        onStack.delete(member);
        components.set(member, indexOf.get(frame.file));
        if (member === frame.file) break;
      }
    }
  }
  graph.components = components;
  return components;
}

/** The modules from `from` to `to` along value imports (both ends included), or null. */
function findRoute(graph, from, to) {
  const cameFrom = new Map([[from, null]]);
  const queue = [from];
  for (let index = 0; index < queue.length; index += 1) {
    const current = queue[index];
    if (current === to) {
      const route = [];
      for (let step = current; step !== null; step = cameFrom.get(step)) route.unshift(step);
      return route;
    }
    for (const edge of graph.files.get(current) ?? []) {
      if (edge.isTypeOnly || !edge.target || cameFrom.has(edge.target)) continue;
      cameFrom.set(edge.target, current);
      queue.push(edge.target);
    }
  }
  return null;
}
