import { useLongConversationSuite } from "@/tests/support/long-conversation/use-long-conversation-suite.ts";

// 150 sends, 20 decisions, 10 tasks, terminal decisions, several automatic compactions; the
// summarizer keeps everything it is shown.
useLongConversationSuite("keep-all");
