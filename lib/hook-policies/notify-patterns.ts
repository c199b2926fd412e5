export type NotificationKind = "completion" | "error";

export interface NotificationHit {
  kind: NotificationKind;
  /** The sentence that matched. */
  excerpt: string;
}

/**
 * Verb + context pairs, so a word alone ("done", "error") raises nothing. Completion needs a
 * finished-tense verb next to a work noun; error needs a failure word AND an abort/stop word
 * in the same sentence. Negated, conditional or future forms are neutral.
 */
const COMPLETION_EN =
  /\b(task|tasks|report|work|job|implementation|migration|feature|fix|refactor(?:ing)?|deployment|build|pr|pull request|all tests?)\b[^.!?\n]{0,40}?\b(?:is |are |has been |have been |was |were )?(completed|finished|done|updated|implemented|merged|deployed|passed|passing)\b|\b(completed|finished|updated|implemented)\s+(?:the\s+|all\s+|this\s+)?(task|tasks|report|work|implementation|migration|feature)\b/i;
const ERROR_EN =
  /\b(error|errors|failed|failure|fails|exception|crash(?:ed)?)\b[^.!?\n]{0,80}?\b(abort(?:ed|ing)?|stop(?:ped|ping)?|halt(?:ed|ing)?|giving up|gave up|cannot continue|can't continue|unable to continue)\b|\b(abort(?:ed|ing)|stopp(?:ed|ing)|halt(?:ed|ing))\b[^.!?\n]{0,60}?\b(error|failure|failed|exception)\b/i;
const COMPLETION_JA =
  /(タスク|任務|作業|レポート|報告書?|実装|修正|対応|移行|テスト)[^。！？\n]{0,12}?(完了|終了|更新)(しました|した|です|済み)?/;
const ERROR_JA = /(エラー|失敗|例外)[^。！？\n]{0,30}?(中断|停止|中止)/;
const NEGATED_EN =
  /\b(not|n't|never|no longer|yet to|will|would|should|could|can|if|when|until|before|unless|once)\b[^.!?\n]{0,25}$/i;
const NEGATED_JA = /(未|していません|できません|予定|もし|場合)/;

/** Finds a completion or an error-with-abort statement in Claude's last answer, or null. */
export function detectNotification(text: string): NotificationHit | null {
  const sentences = text
    .split(/(?<=[.!?。！？])\s*|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
  for (const sentence of sentences.reverse()) {
    for (const [kind, pattern, negation] of [
      ["error", ERROR_EN, NEGATED_EN],
      ["error", ERROR_JA, NEGATED_JA],
      ["completion", COMPLETION_EN, NEGATED_EN],
      ["completion", COMPLETION_JA, NEGATED_JA],
    ] as const) {
      const match = pattern.exec(sentence);
      if (!match) continue;
      const before = sentence.slice(0, match.index + match[0].length);
      if (
        negation === NEGATED_EN
          ? NEGATED_EN.test(sentence.slice(0, match.index) + " ") || /\b(not|n't)\b/i.test(before)
          : negation.test(sentence)
      )
        continue;
      return { kind, excerpt: sentence.slice(0, 300) };
    }
  }
  return null;
}
