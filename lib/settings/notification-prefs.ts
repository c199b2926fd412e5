/**
 * What reaches the user when a worktree changes state (pure; the server decides the inbox, the
 * browser decides desktop notifications and toasts from the same function).
 */

/** The states a notification is about: waiting for the user, a run that failed, a run that finished. */
export type NotifyState = "waiting" | "failed" | "finished";

export interface NotificationPrefs {
  notifyWaiting: boolean;
  notifyFailed: boolean;
  notifyFinished: boolean;
  quietMode: boolean;
}

export interface NotifyDecision {
  /** Collected in the inbox (the bell's count). */
  inbox: boolean;
  /** Shown now: a desktop notification, the page's toast, a sound. */
  alert: boolean;
}

const SWITCH: Record<NotifyState, keyof Omit<NotificationPrefs, "quietMode">> = {
  waiting: "notifyWaiting",
  failed: "notifyFailed",
  finished: "notifyFinished",
};

/** A state switched off reaches nothing; quiet mode keeps the inbox and silences the rest. */
export function shouldNotify(state: NotifyState, prefs: NotificationPrefs): NotifyDecision {
  const isOn = prefs[SWITCH[state]];
  return { inbox: isOn, alert: isOn && !prefs.quietMode };
}

/** The state of an inbox notification's type: Arbor's runs and the hook notifier store "completion" or "error". */
export function notifyStateOfType(type: string): NotifyState {
  return type === "error" ? "failed" : "finished";
}
