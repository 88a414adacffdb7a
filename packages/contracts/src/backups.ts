import { z } from "zod";

/** The daily backup's settings (the backups section of the settings). */
export const ZBackupSettings = z.object({
  schedule_enabled: z.boolean(),
  /** Local time in the business's time zone, `HH:MM`. */
  schedule_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "The time must be written HH:MM, e.g. 02:30."),
  /** Backups older than this many days are deleted after each scheduled one. */
  keep_days: z.coerce.number().int().min(1).max(3650),
  /** Absolute folder for the backup files (a USB disk, a network share); empty: DATA_DIR/backups. */
  folder: z
    .string()
    .trim()
    .max(500)
    .refine(
      (v) => v === "" || v.startsWith("/") || /^[A-Za-z]:[\\/]/.test(v),
      "The folder must be an absolute path, e.g. /media/usb/backups.",
    )
    .nullish(),
});
export type BackupSettings = z.infer<typeof ZBackupSettings>;

/** One backup file as the list shows it. */
export const ZBackupListed = z.object({
  file: z.string(),
  size: z.number().int(),
  created_at: z.string(),
  /** true: restored into a scratch database and equal to its manifest; false: that check failed; null: not checked. */
  verified: z.boolean().nullable(),
  checked_at: z.string().nullable(),
  problems: z.array(z.string()),
  product_version: z.string(),
  migration: z.string(),
  rows: z.number().int(),
  images: z.number().int(),
  reason: z.enum(["manual", "scheduled", "before_restore"]),
  /** The audit log's hash chain as verified in the backup's snapshot (its manifest's); null in a backup from before it. */
  audit_chain: z
    .object({ ok: z.boolean(), rows_checked: z.number().int(), head: z.object({ id: z.number().int().nullable(), hash: z.string() }) })
    .nullable(),
});
export type BackupListed = z.infer<typeof ZBackupListed>;
