import { z } from "zod";
import { CHANGE_PASSWORD_MIN, PASSWORD_MIN } from "./constants.js";
import { CASHIER_LOGIN_OPTIONS, THEMES } from "./enums.js";
import { zPin } from "./text-schemas.js";

export const ZLogin = z.object({
  email: z
    .string({ error: "The email field is required." })
    .trim()
    .min(1, "The email field is required.")
    .email("The email must be a valid email address."),
  password: z
    .string({ error: "Please enter your password" })
    .min(1, "Please enter your password")
    .min(PASSWORD_MIN, `The password must be at least ${PASSWORD_MIN} characters.`),
  /** The second step, for a user with two-factor sign-in: the app's code or a recovery code. */
  code: z.string().trim().max(64).optional(),
});
export type Login = z.infer<typeof ZLogin>;

const zCode = z
  .string({ error: "The code field is required." })
  .trim()
  .min(1, "The code field is required.")
  .max(64, "may not be greater than 64 characters");
const zPassword = z.string({ error: "Please enter your password" }).min(1, "Please enter your password");

export const ZTwoFactorEnable = z.object({ password: zPassword });
export const ZTwoFactorConfirm = z.object({ code: zCode });
export const ZTwoFactorDisable = z.object({ password: zPassword, code: zCode });

/** What the first step of a sign-in answers when the account has two-factor sign-in. */
export interface TwoFactorChallenge {
  two_factor_required: true;
  message: string;
}

/**
 * What sign-in answers when a system setting requires two-factor sign-in of a user who has not
 * set it up: a short-lived token good only for the enable and confirm routes.
 */
export interface TwoFactorSetupRequired {
  two_factor_setup_required: true;
  message: string;
  setup_token: string;
  expires_in: number;
}

export const ZCashierLogin = z.object({
  outlet_id: z.coerce.number({ error: "The outlet field is required." }).int().positive("The outlet field is required."),
  user_id: z.coerce.number({ error: "The user field is required." }).int().positive("The user field is required."),
  pin: zPin,
});
export type CashierLogin = z.infer<typeof ZCashierLogin>;

export const ZCashierListQuery = z.object({
  cashier_login_option: z.enum(CASHIER_LOGIN_OPTIONS).optional(),
  email: z.string().optional(),
});

export const ZChangePassword = z
  .object({
    old_password: z.string({ error: "The old password field is required." }).min(1, "The old password field is required."),
    new_password: z
      .string({ error: "The new password field is required." })
      .min(CHANGE_PASSWORD_MIN, `The new password must be at least ${CHANGE_PASSWORD_MIN} characters.`),
    new_password_confirmation: z.string({ error: "The new password confirmation field is required." }),
  })
  .refine((v) => v.new_password === v.new_password_confirmation, {
    path: ["new_password_confirmation"],
    message: "The new password confirmation does not match.",
  });
export type ChangePassword = z.infer<typeof ZChangePassword>;

export const ZProfileSettings = z.object({
  lang: z.enum(["en", "ar", "ckb"]).optional(),
  theme: z.enum(THEMES).optional(),
  pagination_default: z.coerce.number().int().min(1).max(1000).optional(),
});

export interface TokenResponse {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
}

export interface MeResponse {
  user_id: number;
  user_name: string;
  user_full_name: string | null;
  email: string;
  outlet_fk: number | null;
  is_cashier: boolean;
  permissions: string[];
  inventories: { inventory_id: number; inventory_name: string; is_active: boolean }[];
  lang: "en" | "ar" | "ckb";
  theme: "light" | "dark";
  pagination_default: number;
  pagination_options: string;
}
