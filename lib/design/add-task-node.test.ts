import { describe, expect, it } from "vitest";
import { addTaskNode } from "./add-task-node.ts";
import type { DesignTree } from "./types.ts";
import { validateDesignTree } from "./validate-tree.ts";

const tree: DesignTree = {
  nodes: [
    { slug: "add-login", title: "Add login", description: null, status: "planned" },
    { slug: "add-login-2", title: "Add login", description: null, status: "planned" },
  ],
  edges: [],
};

describe("addTaskNode", () => {
  it("adds a root node named from the title, with what to do as its description", () => {
    const added = addTaskNode({ nodes: [], edges: [] }, { title: "  Pay by card ", description: " Use Stripe. " });
    expect(added).toEqual({
      slug: "pay-by-card",
      tree: {
        nodes: [{ slug: "pay-by-card", title: "Pay by card", description: "Use Stripe.", status: "planned" }],
        edges: [],
      },
    });
  });

  it("numbers a slug the tree has already, and the tree stays valid", () => {
    const added = addTaskNode(tree, { title: "Add login", description: "" });
    expect(added.slug).toBe("add-login-3");
    expect(added.tree.nodes.at(-1)!.description).toBeNull();
    expect(() => validateDesignTree(added.tree)).not.toThrow();
  });

  it("cuts a long slug so the number still fits", () => {
    const title = "x".repeat(80);
    const once = addTaskNode({ nodes: [], edges: [] }, { title, description: "" });
    const twice = addTaskNode(once.tree, { title, description: "" });
    expect(twice.slug).toBe(`${"x".repeat(58)}-2`);
    expect(() => validateDesignTree(twice.tree)).not.toThrow();
  });
});
