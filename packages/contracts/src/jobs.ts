import { z } from "zod";

/** The long jobs: each runs in a server process and writes its progress to its row. */
export const JOB_KINDS = ["backup", "restore", "recalculation", "items_import", "purchase_import"] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_STATES = ["queued", "running", "done", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * What a job is doing now, as a text key the screen translates (`jobs:steps.<key>`), with a
 * count of what is done out of a total when the step has one.
 */
export const JOB_STEPS = [
  "queued",
  "backup.copying",
  "backup.packing",
  "backup.verifying",
  "backup.comparing",
  "restore.checking",
  "restore.backing_up",
  "restore.copying",
  "restore.comparing",
  "restore.switching",
  "restore.images",
  "recalculation.locking",
  "recalculation.stock",
  "recalculation.costs",
  "recalculation.days",
  "recalculation.months",
  "recalculation.writing",
  "import.reading",
  "import.checking",
  "import.saving",
  "import.lines",
] as const;
export type JobStep = (typeof JOB_STEPS)[number];

/** Why a job failed: the server's sentence (the screen translates it), and a refused import's row errors. */
export const ZJobError = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  rows: z.array(z.object({ row: z.number(), column: z.string(), reason: z.string() })).optional(),
});
export type JobError = z.infer<typeof ZJobError>;

export const ZJob = z.object({
  id: z.string(),
  kind: z.enum(JOB_KINDS),
  state: z.enum(JOB_STATES),
  step: z.string().nullable(),
  done: z.number().int(),
  total: z.number().int(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_by_name: z.string().nullable(),
  /** The finished job's answer: what the route of the same action answers as its `data`. */
  result: z.unknown().nullable(),
  error: ZJobError.nullable(),
});
export type Job = z.infer<typeof ZJob>;

/** Failure texts the job runner writes itself; the screens translate them like any server text. */
export const JOB_MSG = {
  stopped: "The server process running this job stopped before it finished. Start it again.",
  unexpected: "An unexpected error stopped the job. Start it again; if it fails again, see the server's log.",
  busy: "The same kind of job is already running; its progress is shown.",
} as const;
