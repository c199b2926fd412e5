import { createHash } from "node:crypto";

/** A git object as git stores it before compression: its id, type and body. */
export interface GitObject {
  id: string;
  type: "tree" | "commit";
  body: Buffer;
}

/** A file placed in a tree built here: its mode (`100644`, `100755`, `120000`) and its blob's id. */
export interface TreeFile {
  mode: string;
  blob: string;
}

/** The hash a repository names its objects with, told by the length of an id it gave (40 or 64 hex digits). */
export function objectFormatOf(id: string): "sha1" | "sha256" {
  return id.length === 64 ? "sha256" : "sha1";
}

/** The object git would store for `body`, with its id (`<type> <size>\0<body>`, hashed). */
export function hashGitObject(input: { type: GitObject["type"]; body: Buffer; format: "sha1" | "sha256" }): GitObject {
  const header = Buffer.from(`${input.type} ${input.body.byteLength}\0`);
  const id = createHash(input.format).update(header).update(input.body).digest("hex");
  return { id, type: input.type, body: input.body };
}

/**
 * The tree objects holding `files` (path → mode and blob; `/` separates folders), the root's first
 * in the result's `root`. Entries are sorted as git sorts them: by name bytes, a folder's name
 * compared as if it ended in `/`. Paths are written as UTF-8.
 */
export function buildTrees(input: { files: ReadonlyMap<string, TreeFile>; format: "sha1" | "sha256" }): {
  root: string;
  objects: GitObject[];
} {
  interface Folder {
    files: Map<string, TreeFile>;
    folders: Map<string, Folder>;
  }
  const top: Folder = { files: new Map(), folders: new Map() };
  for (const [file, entry] of input.files) {
    const parts = file.split("/");
    let folder = top;
    for (const part of parts.slice(0, -1)) {
      let next = folder.folders.get(part);
      if (!next) folder.folders.set(part, (next = { files: new Map(), folders: new Map() }));
      folder = next;
    }
    folder.files.set(parts.at(-1)!, entry);
  }
  const objects: GitObject[] = [];
  const write = (folder: Folder): string => {
    const entries = [
      ...[...folder.files].map(([name, file]) => ({
        name: Buffer.from(name),
        isTree: false,
        mode: file.mode,
        id: file.blob,
      })),
      ...[...folder.folders].map(([name, inner]) => ({
        name: Buffer.from(name),
        isTree: true,
        mode: "40000",
        id: write(inner),
      })),
    ];
    const sortKey = (entry: (typeof entries)[number]) =>
      entry.isTree ? Buffer.concat([entry.name, Buffer.from("/")]) : entry.name;
    entries.sort((a, b) => Buffer.compare(sortKey(a), sortKey(b)));
    const body = Buffer.concat(
      entries.flatMap((entry) => [
        Buffer.from(`${entry.mode} `),
        entry.name,
        Buffer.from([0]),
        Buffer.from(entry.id, "hex"),
      ]),
    );
    const tree = hashGitObject({ type: "tree", body, format: input.format });
    objects.push(tree);
    return tree.id;
  };
  return { root: write(top), objects };
}

/** A commit of `tree` with `parents`, by a fixed author at time 0 (only its content is ever read). */
export function buildCommit(input: {
  tree: string;
  parents: readonly string[];
  message: string;
  format: "sha1" | "sha256";
}): GitObject {
  const person = "Arbor <arbor@localhost> 0 +0000";
  const lines = [
    `tree ${input.tree}`,
    ...input.parents.map((parent) => `parent ${parent}`),
    `author ${person}`,
    `committer ${person}`,
    "",
    input.message,
  ];
  return hashGitObject({ type: "commit", body: Buffer.from(`${lines.join("\n")}\n`), format: input.format });
}
