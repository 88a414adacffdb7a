import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { DataBody } from "./types";

/** The audit log (`/api/model_loges`): its list, one entry, a record's timeline, and the prints it records. */
export const AUDIT_LOG = "model_loges";

export interface AuditEntry {
  id: number;
  module: string;
  action: string;
  record_id: string | null;
  user_id: number | null;
  user_name: string | null;
  ip: string | null;
  before: unknown;
  after: unknown;
  created_at: string;
}

export type TimelineEntry = Omit<AuditEntry, "module" | "record_id" | "ip">;

export const auditEntryQuery = (id: number) =>
  queryOptions({
    queryKey: [AUDIT_LOG, "entry", id],
    queryFn: async () => (await api<DataBody<AuditEntry>>(`${AUDIT_LOG}/${id}`)).data,
  });

export const timelineKey = (module: string, recordId: number) => [AUDIT_LOG, "timeline", module, recordId] as const;

export const timelineQuery = (module: string, recordId: number) =>
  queryOptions({
    queryKey: timelineKey(module, recordId),
    queryFn: async () => (await api<DataBody<TimelineEntry[]>>(`${AUDIT_LOG}/timeline`, { query: { module, record_id: recordId } })).data,
  });

/** Records that the user printed the document (its timeline then shows it). */
export const recordPrint = (module: string, recordId: number) =>
  api(`${AUDIT_LOG}/print`, { method: "POST", body: { module, record_id: recordId } });
