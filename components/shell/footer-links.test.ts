import { describe, expect, it } from "vitest";
import { footerLinks } from "./footer-links.ts";

describe("footerLinks", () => {
  it("carries the selection to the Logs page and the repository to the Project page", () => {
    expect(footerLinks("?repo=r1&wt=%2Fw")).toEqual({
      logs: "/logs?repo=r1&wt=%2Fw",
      project: "/project?repo=r1",
      settings: "/settings?from=%3Frepo%3Dr1%26wt%3D%252Fw",
    });
    expect(footerLinks("repo=r1")).toMatchObject({ logs: "/logs?repo=r1", project: "/project?repo=r1" });
  });

  it("opens the unfiltered pages without a selection", () => {
    expect(footerLinks("")).toEqual({ logs: "/logs", project: "/project", settings: "/settings" });
  });
});
