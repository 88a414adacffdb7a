import { z } from "zod";

/** Why the audit log's hash chain verification stopped at a row (docs/architecture/audit-chain.md). */
export const CHAIN_MISMATCH_REASONS = ["content_changed", "row_missing_before", "link_broken", "not_linked", "head_mismatch"] as const;
export type ChainMismatchReason = (typeof CHAIN_MISMATCH_REASONS)[number];

/** The answer of `POST /api/model_loges/verify` and of `npm run audit:verify`. */
export const ZAuditChainResult = z.object({
  ok: z.boolean(),
  rows_checked: z.number().int(),
  head: z.object({ id: z.number().int().nullable(), hash: z.string() }),
  first_mismatch: z.object({ id: z.number().int(), reason: z.enum(CHAIN_MISMATCH_REASONS) }).nullable(),
});
export type AuditChainResult = z.infer<typeof ZAuditChainResult>;
