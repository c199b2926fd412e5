import { useLongConversationSuite } from "@/tests/support/long-conversation/use-long-conversation-suite.ts";

// 150 sends in which 20 decisions and 10 tasks are written as plain sentences (English and Japanese),
// several automatic compactions; the summarizer drops every third decision and task it is shown, and its
// second call fails (the model API answers 500).
useLongConversationSuite("lossy-failing", { style: "plain" });
