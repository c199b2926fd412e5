import { describe, expect, it } from "vitest";
import { detectNotification } from "./notify-patterns.ts";

describe("completion / error notifier patterns", () => {
  it.each([
    ["Task completed: the login page is live.", "completion"],
    ["The report has been updated with the new figures.", "completion"],
    ["I have finished the migration.", "completion"],
    ["All tests passed.", "completion"],
    ["Implementation done and pushed.", "completion"],
    ["タスク完了しました。", "completion"],
    ["任務完了。", "completion"],
    ["レポートを更新しました。", "completion"],
    ["The build failed with a linker error, so I am aborting.", "error"],
    ["An error occurred in the migration; stopping here.", "error"],
    ["Tests failed again; I had to stop.", "error"],
    ["エラーが発生したため作業を中断します。", "error"],
    ["ビルドに失敗したので中断しました。", "error"],
  ])("raises %j as %s", (text, kind) => {
    expect(detectNotification(text)).toMatchObject({ kind });
  });

  it.each([
    "Here is the diff you asked for.",
    "The task is not completed yet; two files remain.",
    "I will finish the report tomorrow.",
    "If the build fails, we stop and investigate.",
    "There were no errors.",
    "Done.",
    "Error handling lives in lib/errors.",
    "作業はまだ完了していません。",
    "もしエラーが出たら中断してください。",
    "ファイルを読みました。",
  ])("stays quiet on neutral text %j", (text) => {
    expect(detectNotification(text)).toBeNull();
  });

  it("quotes the matching sentence as the excerpt", () => {
    expect(detectNotification("I looked at the code. Task completed. Ask me anything else.")?.excerpt).toBe(
      "Task completed.",
    );
  });
});
