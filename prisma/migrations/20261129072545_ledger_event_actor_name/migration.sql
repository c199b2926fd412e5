-- AlterTable
ALTER TABLE "ledger_events" ADD COLUMN "actor_name" TEXT;
