import type { Linter } from "eslint";

/** The rooms lib/chat coordinates (see chat-reaches-rooms-by-ports.mjs). */
export declare const ROOMS_CHAT_COORDINATES: readonly string[];
/** The ESLint config block that lets lib/chat import only their types. */
export declare const chatReachesRoomsByPorts: Linter.Config;
