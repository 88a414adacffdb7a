import { z } from "zod";
import { present, zDocDate } from "./accounting.js";

/**
 * The documents' life cycle beyond draft and complete (SPEC §4): open and closed, and the
 * approval a write-off (damaged products, destructed assets) waits for before it moves anything.
 */
export const DOC_STATE_MSG = {
  closed: "The document is closed; open it first.",
  alreadyClosed: "The document is already closed.",
  alreadyOpen: "The document is already open.",
  awaitingApproval: "The document is waiting for approval.",
  disapproved: "The document was disapproved; change it to ask again.",
  alreadyApproved: "The document is already approved.",
  onlyDraft: "Only a draft can be approved or disapproved.",
  noSection: "Choose at least one kind of document you may close.",
} as const;

/** A write-off's approval: not asked, waiting (Done asked by someone who may not approve), approved, disapproved. */
export const APPROVAL_STATES = ["pending", "approved", "disapproved"] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** The sections whose documents close and open (SPEC §4), in the order the period's closing lists them. */
export const CLOSABLE_SECTIONS = ["purchases", "purchase_returns", "sales", "salesman_sales", "sale_returns", "asset_disposals"] as const;
export type ClosableSection = (typeof CLOSABLE_SECTIONS)[number];

/** Closing a period: every document of the chosen sections dated up to the end of `date` (the caller's close keys decide which). */
export const ZClosePeriod = z.object({
  date: present(zDocDate, "The date field is required."),
  sections: z
    .array(z.enum(CLOSABLE_SECTIONS, { error: "The selected section is invalid." }))
    .max(CLOSABLE_SECTIONS.length)
    .optional(),
});
export type ClosePeriodInput = z.output<typeof ZClosePeriod>;

export const ZClosePeriodResult = z.object({
  date: z.string(),
  closed: z.array(z.object({ section: z.enum(CLOSABLE_SECTIONS), count: z.number().int() })),
});
export type ClosePeriodResult = z.infer<typeof ZClosePeriodResult>;
