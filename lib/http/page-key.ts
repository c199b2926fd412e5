// What Arbor's own page holds to use the API: the page key from its sign-in, kept in this origin's
// localStorage (per port, unlike cookies) and sent with every API request and WebSocket. Pure constants,
// shared by the server's guard and the page.

/** The localStorage item the sign-in page writes and the page reads. */
export const PAGE_KEY_STORAGE = "arbor.pageKey";
/** The header an API request carries the page key in. */
export const PAGE_KEY_HEADER = "x-arbor-page-key";
/** The WebSocket subprotocol Arbor's page asks for (the server answers with it). */
export const WS_PROTOCOL = "arbor.v1";
/** A WebSocket cannot set headers: the page key travels as a second subprotocol, `arbor.page-key.<key>`. */
export const WS_PAGE_KEY_PREFIX = "arbor.page-key.";
