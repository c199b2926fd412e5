-- Hook event payloads stored compressed (lib/hooks/payload-codec.ts): payload_z holds a version
-- byte and the raw deflate stream, and payload is then ''. Rows written before keep their text in
-- payload with payload_z NULL, and read as they are: nothing to convert.
-- AlterTable
ALTER TABLE "hook_events" ADD COLUMN     "payload_z" BYTEA;
