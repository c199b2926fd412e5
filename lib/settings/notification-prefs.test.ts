import { describe, expect, it } from "vitest";
import { notifyStateOfType, shouldNotify, type NotificationPrefs } from "./notification-prefs.ts";

const ALL_ON: NotificationPrefs = { notifyWaiting: true, notifyFailed: true, notifyFinished: true, quietMode: false };

describe("shouldNotify", () => {
  it("sends every state to the inbox and the desktop by default", () => {
    for (const state of ["waiting", "failed", "finished"] as const) {
      expect(shouldNotify(state, ALL_ON)).toEqual({ inbox: true, alert: true });
    }
  });

  it("keeps a state that is switched off out of both, and leaves the other states alone", () => {
    const prefs = { ...ALL_ON, notifyFinished: false };
    expect(shouldNotify("finished", prefs)).toEqual({ inbox: false, alert: false });
    expect(shouldNotify("failed", prefs)).toEqual({ inbox: true, alert: true });
    expect(shouldNotify("waiting", { ...ALL_ON, notifyWaiting: false })).toEqual({ inbox: false, alert: false });
    expect(shouldNotify("failed", { ...ALL_ON, notifyFailed: false })).toEqual({ inbox: false, alert: false });
  });

  it("in quiet mode still collects in the inbox but shows nothing", () => {
    const quiet = { ...ALL_ON, quietMode: true };
    expect(shouldNotify("waiting", quiet)).toEqual({ inbox: true, alert: false });
    expect(shouldNotify("finished", { ...quiet, notifyFinished: false })).toEqual({ inbox: false, alert: false });
  });
});

describe("notifyStateOfType", () => {
  it("maps stored notification types to the states the switches name", () => {
    expect(notifyStateOfType("error")).toBe("failed");
    expect(notifyStateOfType("completion")).toBe("finished");
  });
});
