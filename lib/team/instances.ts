import { z } from "zod";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { getLocalInstance, replaceLocalInstanceLabel } from "./local-instance.ts";

/** An Arbor instance of the team, as the UI and the API show it. */
export interface InstanceView {
  id: string;
  label: string;
  hostName: string;
  dataDir: string;
  url: string | null;
  lastSeenAt: string;
  isLocal: boolean;
  repoCount: number;
}

/** A label a person can read: trimmed, 1–80 characters, no control characters. */
export const instanceLabelSchema = z
  .string()
  .trim()
  .min(1, "Give the instance a name.")
  .max(80)
  .refine((label) => !/\p{Cc}/u.test(label), "A name cannot contain control characters.");

/** Every instance that ever used this database, this one first, then by label. */
export async function listInstances(db: Db): Promise<InstanceView[]> {
  const local = await getLocalInstance(db);
  const rows = await db.instance.findMany({
    include: { _count: { select: { repos: true } } },
    orderBy: { label: "asc" },
  });
  return rows
    .map((row) => ({
      id: row.id,
      label: row.label,
      hostName: row.hostName,
      dataDir: row.dataDir,
      url: row.url,
      lastSeenAt: row.lastSeenAt.toISOString(),
      isLocal: row.id === local.id,
      repoCount: row._count.repos,
    }))
    .sort((a, b) => Number(b.isLocal) - Number(a.isLocal));
}

/** Renames this instance (the others see the new label in ownership notes and errors at once). */
export async function renameLocalInstance(db: Db, input: { label: string }): Promise<InstanceView> {
  const label = instanceLabelSchema.parse(input.label);
  const local = await getLocalInstance(db);
  await db.instance.update({ where: { id: local.id }, data: { label } });
  replaceLocalInstanceLabel(db, label);
  const view = (await listInstances(db)).find((instance) => instance.isLocal);
  if (!view) throw new AppError("internal", "This instance's row disappeared while it was renamed.");
  return view;
}
