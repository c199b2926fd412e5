/** localStorage key of the "Checks beside the chat" choice (the chat's toggle, and "What needs you" opening it). */
export const CHECKS_FLAG = "arbor.chat.checks";
