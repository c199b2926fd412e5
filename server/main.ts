// The server loaded through tsx: `npm run dev` (`--dev`), and server/launch.mjs when the build has no
// bundle of the server (made before bundles were).
//   node --import tsx server/main.ts [--port 3000] [--host 127.0.0.1] [--data-dir ~/.arbor] [--token T] [--dev]
import { runServer } from "./start-server.ts";

runServer({ argv: process.argv.slice(2) });
