import {
  MSG,
  ZCashierListQuery,
  ZCashierLogin,
  ZChangePassword,
  ZLogin,
  ZProfileSettings,
  ZTwoFactorConfirm,
  ZTwoFactorDisable,
  ZTwoFactorEnable,
} from "@app/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { parseId } from "../../platform/crud.js";
import { parse } from "../../platform/errors.js";
import { ctxOf, requireUser } from "../../platform/http.js";
import { answers, dataOf, dropdownOf, type RouteDoc, ZMessage, zDateTime } from "../../platform/openapi.js";
import { readDevice, sendDevice } from "./known-device.js";
import { cashierLogin, issue, listCashiers, loginOptions, logout, passwordLogin, refreshToken } from "./login.js";
import { changePassword, me, updateProfile } from "./profile.js";
import { confirmTwoFactor, disableTwoFactor, enableTwoFactor, twoFactorStatus } from "./two-factor.js";

const ZToken = z.object({ access_token: z.string(), token_type: z.literal("bearer"), expires_in: z.number().int() });
/** Sign-in: the token, or the second step two-factor sign-in asks for, or the enrolment it requires first. */
const ZSignIn = z.union([
  ZToken,
  z.object({ two_factor_required: z.literal(true), message: z.string() }),
  z.object({ two_factor_setup_required: z.literal(true), message: z.string(), setup_token: z.string(), expires_in: z.number().int() }),
]);
const ZMe = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  user_full_name: z.string().nullable(),
  email: z.string(),
  outlet_fk: z.number().int().nullable(),
  is_cashier: z.boolean(),
  permissions: z.array(z.string()),
  inventories: z.array(z.object({ inventory_id: z.number().int(), inventory_name: z.string(), is_active: z.boolean() })),
  lang: z.enum(["en", "ar", "ckb"]),
  theme: z.enum(["light", "dark"]),
  pagination_default: z.number().int(),
  pagination_options: z.string(),
});
const ZLoginOptions = z.object({
  outlets: z.array(z.object({ outlet_id: z.number().int(), outlet_name: z.string() })),
  cashier_login_option: z.string(),
  shop_name: z.string(),
});
const ZCashier = z.object({ user_id: z.number().int(), user_name: z.string(), user_code: z.string().nullable(), label: z.string() });

/** Attempts at a secret are limited per account and address (throttle.ts): 429 with `Retry-After`. */
const THROTTLED = "Too many attempts: try again after Retry-After seconds";
const SIGN_IN_REFUSALS: RouteDoc = {
  refuses: { 401: "Wrong credentials or second-factor code", 403: "The account is blocked or inactive", 429: THROTTLED },
};

export const authModule: AppModule = {
  name: "auth",
  register(app: FastifyInstance) {
    app.post(
      "/api/auth/login",
      { config: { permission: "public", openapi: SIGN_IN_REFUSALS }, ...answers(ZSignIn, { body: ZLogin }) },
      async (req, reply) => {
        const device = await readDevice(app, req);
        const answer = await passwordLogin(app, ctxOf(app, req), parse(ZLogin, req.body), device);
        await sendDevice(app, reply, device);
        return answer;
      },
    );
    app.get("/api/login_options", { config: { permission: "public" }, ...answers(dataOf(ZLoginOptions)) }, async () => ({
      data: await loginOptions(app.db),
    }));
    app.get(
      "/api/login_cashiers_list/:outletId",
      { config: { permission: "public" }, ...answers(dropdownOf(ZCashier), { querystring: ZCashierListQuery }) },
      async (req) => {
        const outletId = parseId((req.params as { outletId: string }).outletId);
        const q = parse(ZCashierListQuery, req.query);
        return { message: await listCashiers(app.db, outletId, q.cashier_login_option, q.email) };
      },
    );
    app.post(
      "/api/auth/cashier_login",
      {
        config: {
          permission: "public",
          openapi: { refuses: { 401: "Wrong PIN", 403: "The user is not a cashier of the outlet", 429: THROTTLED } },
        },
        ...answers(ZToken, { body: ZCashierLogin }),
      },
      async (req, reply) => {
        const device = await readDevice(app, req);
        const answer = await cashierLogin(app, ctxOf(app, req), parse(ZCashierLogin, req.body), device);
        await sendDevice(app, reply, device);
        return answer;
      },
    );
    app.post("/api/auth/me", { config: { permission: "authenticated" }, ...answers(dataOf(ZMe)) }, async (req) => ({
      data: await me(app.db, requireUser(req)),
    }));
    app.post(
      "/api/auth/refresh",
      { config: { permission: "authenticated", openapi: { refuses: { 429: THROTTLED } } }, ...answers(ZToken) },
      async (req) => refreshToken(app, ctxOf(app, req)),
    );
    app.post("/api/auth/logout", { config: { permission: "authenticated" }, ...answers(ZMessage) }, async (req) => {
      await logout(app, ctxOf(app, req));
      return { message: "Successfully logged out" };
    });
    app.post(
      "/api/auth/change_password",
      { config: { permission: "profile/change_password" }, ...answers(ZToken.extend({ message: z.string() }), { body: ZChangePassword }) },
      async (req) => {
        const { tokenVersion } = await changePassword(app.db, ctxOf(app, req), parse(ZChangePassword, req.body));
        return { message: "Password changed successfully", ...issue(app, requireUser(req).user_id, tokenVersion) };
      },
    );
    app.get(
      "/api/auth/two_factor",
      {
        config: { permission: "authenticated" },
        ...answers(dataOf(z.object({ enabled: z.boolean(), enabled_at: zDateTime.nullable(), recovery_codes_left: z.number().int() }))),
      },
      async (req) => ({
        data: await twoFactorStatus(app, requireUser(req).user_id),
      }),
    );
    app.post(
      "/api/auth/two_factor/enable",
      {
        config: { permission: "authenticated", twoFactorSetup: true, openapi: { refuses: { 429: THROTTLED } } },
        ...answers(dataOf(z.object({ secret: z.string(), otpauth_uri: z.string() })), { body: ZTwoFactorEnable }),
      },
      async (req) => ({
        data: await enableTwoFactor(app, ctxOf(app, req), parse(ZTwoFactorEnable, req.body)),
      }),
    );
    app.post(
      "/api/auth/two_factor/confirm",
      {
        config: { permission: "authenticated", twoFactorSetup: true, openapi: { refuses: { 429: THROTTLED } } },
        ...answers(z.object({ message: z.string(), data: z.object({ recovery_codes: z.array(z.string()) }) }), { body: ZTwoFactorConfirm }),
      },
      async (req) => ({
        message: MSG.twoFactorOn,
        data: await confirmTwoFactor(app, ctxOf(app, req), parse(ZTwoFactorConfirm, req.body)),
      }),
    );
    app.post(
      "/api/auth/two_factor/disable",
      {
        config: { permission: "authenticated", openapi: { refuses: { 429: THROTTLED } } },
        ...answers(ZMessage, { body: ZTwoFactorDisable }),
      },
      async (req) => {
        await disableTwoFactor(app, ctxOf(app, req), parse(ZTwoFactorDisable, req.body));
        return { message: MSG.twoFactorOff };
      },
    );
    app.post(
      "/api/auth/profile",
      { config: { permission: "authenticated" }, ...answers(ZMessage, { body: ZProfileSettings }) },
      async (req) => {
        await updateProfile(app.db, requireUser(req), parse(ZProfileSettings, req.body));
        return { message: "Updated Successfully" };
      },
    );
  },
};
