import { z } from "zod";
import { zBoolish, zDecimal, zDmyDate } from "./common.js";
import { PASSWORD_MIN } from "./constants.js";
import { BLOOD_GROUPS, COMMISSION_TYPES, GENDERS, MARITAL_STATUSES, USER_STATUSES } from "./enums.js";
import { MSG } from "./messages.js";
import { zPhone, zPin } from "./text-schemas.js";

/** What the server answers about the inventories and outlet a user is given. */
export const STAFF_MSG = {
  inventoryInvalid: "The selected inventory is invalid.",
  outletInvalid: "The selected outlet fk is invalid.",
  inventoryNotYours: "You cannot give an inventory you do not use yourself.",
  cashierNeedsInventory: "A cashier needs at least one inventory to sell from.",
} as const;

const optText = (max = 191) => z.string().trim().max(max, `may not be greater than ${max} characters`).optional().nullable();
const percent = zDecimal({ scale: 2, min: 0 })
  .refine((v) => Number(v) <= 100, "must be between 0 and 100")
  .optional()
  .nullable();

const userBase = {
  user_name: z.string({ error: "The user name field is required." }).trim().min(1, "The user name field is required.").max(100),
  user_code: optText(50),
  user_full_name: optText(),
  email: z.string({ error: "The email field is required." }).trim().email("The email must be a valid email address.").max(191),
  user_dob: zDmyDate.optional().nullable(),
  user_joining_date: zDmyDate.optional().nullable(),
  user_role: z.coerce.number().int().positive().optional().nullable(),
  outlet_fk: z.coerce.number().int().positive().optional().nullable(),
  gender: z.enum(GENDERS).optional().nullable(),
  marital_status: z.enum(MARITAL_STATUSES).optional().nullable(),
  blood_group: z.enum(BLOOD_GROUPS).optional().nullable(),
  nationality: optText(100),
  status: z.enum(USER_STATUSES).optional(),
  is_cashier: zBoolish.optional(),
  is_salesman: zBoolish.optional(),
  sale_man_name: optText(),
  sale_man_mail: z.string().trim().email("The sale man mail must be a valid email address.").optional().nullable().or(z.literal("")),
  base_salary: zDecimal({ scale: 3, min: 0 }).optional().nullable(),
  commission_type: z.enum(COMMISSION_TYPES).optional().nullable(),
  sale_man_commission_percentage: percent,
  sale_man_commission_percentage_1: percent,
  sale_man_commission_percentage_2: percent,
  sale_man_commission_percentage_3: percent,
  sale_man_quota_1: zDecimal({ scale: 3, min: 0 }).optional().nullable(),
  sale_man_quota_2: zDecimal({ scale: 3, min: 0 }).optional().nullable(),
  sale_man_quota_3: zDecimal({ scale: 3, min: 0 }).optional().nullable(),
  permissions: z.array(z.string()).optional(),
  inventory_ids: z.array(z.coerce.number().int().positive()).optional(),
  user_image_path: z.string().max(191).optional().nullable(),
};

const confirmPassword = (v: { new_password?: string | undefined; new_password_confirmation?: string | undefined }) =>
  !v.new_password || v.new_password === v.new_password_confirmation;
const confirmIssue = { path: ["new_password_confirmation"], message: "The new password confirmation does not match." };
/** A salesman's commission type is said, "no commission" included: none given would silently earn nothing. */
const commissionTypeGiven = (v: { is_salesman?: boolean | undefined; commission_type?: string | null | undefined }) =>
  v.is_salesman !== true || !!v.commission_type;
const commissionTypeIssue = { path: ["commission_type"], message: "The commission type field is required." };

export const ZCreateUser = z
  .object({
    ...userBase,
    new_password: z
      .string({ error: "The new password field is required." })
      .min(PASSWORD_MIN, `The new password must be at least ${PASSWORD_MIN} characters.`),
    new_password_confirmation: z.string().optional(),
  })
  .refine(confirmPassword, confirmIssue)
  .refine(commissionTypeGiven, commissionTypeIssue);
export const ZUpdateUser = z
  .object({
    ...userBase,
    new_password: z
      .string()
      .min(PASSWORD_MIN, `The new password must be at least ${PASSWORD_MIN} characters.`)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    new_password_confirmation: z.string().optional(),
  })
  .refine(confirmPassword, confirmIssue)
  .refine(commissionTypeGiven, commissionTypeIssue);
export type CreateUser = z.infer<typeof ZCreateUser>;

export const ZRole = z.object({
  role_name: z.string({ error: "The role name field is required." }).trim().min(1, "The role name field is required.").max(100),
  permissions: z.array(z.string(), { error: MSG.permissionRequired }).min(1, MSG.permissionRequired),
});
export type Role = z.infer<typeof ZRole>;

export const ZPin = z.object({
  name: z.string({ error: "The name field is required." }).trim().min(1, "The name field is required.").max(100),
  pin: zPin,
  user_id: z.coerce.number().int().positive().optional().nullable(),
});
export type Pin = z.infer<typeof ZPin>;

export const ZOutlet = z.object({
  outlet_name: z.string({ error: "The outlet name field is required." }).trim().min(1, "The outlet name field is required.").max(100),
  outlet_email: z.string().trim().email("The outlet email must be a valid email address.").optional().nullable().or(z.literal("")),
  outlet_phone: zPhone,
  outlet_address: z.string().max(191).optional().nullable(),
});
export type Outlet = z.infer<typeof ZOutlet>;
