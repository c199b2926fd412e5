// The project's import graph, read once per lint process: which module imports which, and how.
// Arbor's own lint rules (folder cycles, pure modules for the UI) reason over it.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";

const SOURCE_FOLDERS = ["app", "components", "lib", "server"];
const EXTENSIONS = [".ts", ".tsx"];
const IMPORT_PATTERN =
  /(?:^|[\s;])(import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const BUILTINS = new Set(builtinModules);
/** Packages that only run on the server: a module that loads one is not pure. */
const SERVER_PACKAGES = ["@prisma/", "better-sqlite3", "simple-git", "ws", "tsx", "server-only", "pg"];

/**
 * @typedef {{ specifier: string, target: string | null, isTypeOnly: boolean }} ImportEdge
 * @typedef {{ files: Map<string, ImportEdge[]>, root: string, domains?: Map<string, Set<string>>, rooms?: Map<string, Set<string>> }} ImportGraph
 */

const cache = new Map();

/** @returns {ImportGraph} */
export function readImportGraph(root) {
  let graph = cache.get(root);
  if (!graph) {
    graph = { root, files: new Map() };
    for (const folder of SOURCE_FOLDERS) walk(path.join(root, folder), graph);
    cache.set(root, graph);
  }
  return graph;
}

function walk(dir, graph) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir)) {
    if (entry === "node_modules" || entry.startsWith("generated") || entry.startsWith(".")) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) walk(full, graph);
    else if (EXTENSIONS.some((ext) => entry.endsWith(ext)) && !entry.endsWith(".d.ts")) {
      graph.files.set(full, readImports(full, graph.root));
    }
  }
}

/** @returns {ImportEdge[]} */
function readImports(file, root) {
  const text = readFileSync(file, "utf8");
  const edges = [];
  for (const match of text.matchAll(IMPORT_PATTERN)) {
    const specifier = match[3] ?? match[4];
    const isTypeOnly = Boolean(match[2]);
    edges.push({ specifier, isTypeOnly, target: resolveSpecifier({ specifier, fromFile: file, root }) });
  }
  return edges;
}

/** Resolves `./x.ts` and `@/x.ts` to an absolute path; packages resolve to null. */
export function resolveSpecifier({ specifier, fromFile, root }) {
  if (specifier.startsWith("@/")) return path.join(root, specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(fromFile), specifier);
  return null;
}

/** True when the specifier names something that only exists on the server (a Node builtin or a server package). */
export function isServerOnlySpecifier(specifier) {
  if (specifier.startsWith("node:") || BUILTINS.has(specifier.split("/")[0])) return true;
  if (specifier.includes("/lib/db/generated/") || specifier.includes("/lib/db/generated-postgresql/")) return true;
  return SERVER_PACKAGES.some(
    (name) => specifier === name || specifier.startsWith(name.endsWith("/") ? name : `${name}/`),
  );
}

/**
 * Why a module is not pure: the chain of value imports that reaches a Node builtin or a server
 * package, or null when it is pure. Type-only imports are erased at build time and do not count.
 */
export function findImpurity(graph, file, seen = new Set()) {
  if (seen.has(file)) return null;
  seen.add(file);
  const edges = graph.files.get(file) ?? [];
  for (const edge of edges) {
    if (edge.isTypeOnly) continue;
    if (!edge.target) {
      if (isServerOnlySpecifier(edge.specifier)) return [edge.specifier];
      continue;
    }
    const chain = findImpurity(graph, edge.target, seen);
    if (chain) return [path.relative(graph.root, edge.target), ...chain];
  }
  return null;
}

/** The `lib/<domain>` folder a file belongs to, or null outside lib/. */
export function libDomainOf(root, file) {
  const parts = path.relative(root, file).split(path.sep);
  return parts[0] === "lib" && parts.length > 2 ? parts[1] : null;
}

/**
 * The room of lib/ a file sits in: its folder under lib/ (`worktrees/land`, or `worktrees` for the
 * domain's shared core), or null outside lib/.
 */
export function libRoomOf(root, file) {
  const parts = path.relative(root, file).split(path.sep);
  return parts[0] === "lib" && parts.length > 2 ? parts.slice(1, -1).join("/") : null;
}

/** Edges between lib domains: domain → set of domains it imports. */
export function readDomainGraph(graph) {
  graph.domains ??= readFolderGraph(graph, libDomainOf);
  return graph.domains;
}

/** Edges between lib rooms (every folder its own node): room → set of rooms it imports. */
export function readRoomGraph(graph) {
  graph.rooms ??= readFolderGraph(graph, libRoomOf);
  return graph.rooms;
}

function readFolderGraph(graph, folderOf) {
  const folders = new Map();
  for (const [file, edges] of graph.files) {
    const from = folderOf(graph.root, file);
    if (!from || file.endsWith(".test.ts")) continue;
    for (const edge of edges) {
      const to = edge.target && folderOf(graph.root, edge.target);
      if (!to || to === from) continue;
      if (!folders.has(from)) folders.set(from, new Set());
      folders.get(from).add(to);
    }
  }
  return folders;
}

/** A path of folders (domains or rooms) from `from` to `to`, or null. */
export function findDomainPath(domains, from, to) {
  const queue = [[from]];
  const seen = new Set([from]);
  while (queue.length) {
    const route = queue.shift();
    const last = route[route.length - 1];
    for (const next of domains.get(last) ?? []) {
      if (next === to) return [...route, next];
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...route, next]);
      }
    }
  }
  return null;
}
