/**
 * What a user has started on a waiting card (the Deny form open, a reason half typed, answers
 * picked), kept by approval id outside React: the same request can be drawn by a different
 * component while the page catches up (the stored answer, then the live run), and a remount must
 * not close the form the user just opened. Entries go when the approval is answered.
 */
export interface CardStateStore {
  read: <T>(approvalId: string, slot: string, initial: T) => T;
  write: <T>(approvalId: string, slot: string, value: T) => void;
  forget: (approvalId: string) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createCardStateStore(): CardStateStore {
  const values = new Map<string, Map<string, unknown>>();
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    read<T>(approvalId: string, slot: string, initial: T): T {
      const slots = values.get(approvalId);
      return slots?.has(slot) ? (slots.get(slot) as T) : initial;
    },
    write<T>(approvalId: string, slot: string, value: T): void {
      const slots = values.get(approvalId) ?? new Map<string, unknown>();
      if (slots.get(slot) === value) return;
      slots.set(slot, value);
      values.set(approvalId, slots);
      notify();
    },
    forget(approvalId: string): void {
      if (values.delete(approvalId)) notify();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
