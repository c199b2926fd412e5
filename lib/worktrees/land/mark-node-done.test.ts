import { describe, expect, it } from "vitest";
import type { DesignTree } from "@/lib/design/types.ts";
import { markBranchNodesDone } from "./mark-node-done.ts";

const tree: DesignTree = {
  nodes: [
    { slug: "login", title: "Login", description: null, status: "in_progress" },
    { slug: "logout", title: "Logout", description: null, status: "planned" },
  ],
  edges: [{ parent: "login", child: "logout" }],
};

describe("a landed branch's design node", () => {
  it("moves to done when the naming rule gives that branch, and only that node", () => {
    const changed = markBranchNodesDone({ tree, rule: "feat/{slug}", branch: "feat/login" });
    expect(changed?.slugs).toEqual(["login"]);
    expect(changed?.tree.nodes.map((node) => node.status)).toEqual(["done", "planned"]);
    expect(changed?.tree.edges).toEqual(tree.edges);
  });

  it("changes nothing for a branch no node is on, another rule, or a node already done", () => {
    expect(markBranchNodesDone({ tree, rule: "feat/{slug}", branch: "feature/login" })).toBeNull();
    expect(markBranchNodesDone({ tree, rule: "feature/{slug}", branch: "feat/login" })).toBeNull();
    const done = markBranchNodesDone({ tree, rule: "feat/{slug}", branch: "feat/login" })!.tree;
    expect(markBranchNodesDone({ tree: done, rule: "feat/{slug}", branch: "feat/login" })).toBeNull();
  });
});
