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
import { parseId } from "../../platform/crud.js";
import { parse } from "../../platform/errors.js";
import { ctxOf, requireUser } from "../../platform/http.js";
import type { AppModule } from "../index.js";
import { cashierLogin, issue, listCashiers, loginOptions, logout, passwordLogin, refreshToken } from "./login.js";
import { changePassword, me, updateProfile } from "./profile.js";
import { confirmTwoFactor, disableTwoFactor, enableTwoFactor, twoFactorStatus } from "./two-factor.js";

export const authModule: AppModule = {
  name: "auth",
  register(app: FastifyInstance) {
    app.post("/api/auth/login", { config: { permission: "public" } }, async (req) =>
      passwordLogin(app, ctxOf(app, req), parse(ZLogin, req.body)),
    );
    app.get("/api/login_options", { config: { permission: "public" } }, async () => ({ data: await loginOptions(app.db) }));
    app.get("/api/login_cashiers_list/:outletId", { config: { permission: "public" } }, async (req) => {
      const outletId = parseId((req.params as { outletId: string }).outletId);
      const q = parse(ZCashierListQuery, req.query);
      return { message: await listCashiers(app.db, outletId, q.cashier_login_option, q.email) };
    });
    app.post("/api/auth/cashier_login", { config: { permission: "public" } }, async (req) =>
      cashierLogin(app, ctxOf(app, req), parse(ZCashierLogin, req.body)),
    );
    app.post("/api/auth/me", { config: { permission: "authenticated" } }, async (req) => ({ data: await me(app.db, requireUser(req)) }));
    app.post("/api/auth/refresh", { config: { permission: "authenticated" } }, async (req) => refreshToken(app, ctxOf(app, req)));
    app.post("/api/auth/logout", { config: { permission: "authenticated" } }, async (req) => {
      await logout(app, ctxOf(app, req));
      return { message: "Successfully logged out" };
    });
    app.post("/api/auth/change_password", { config: { permission: "authenticated" } }, async (req) => {
      const { tokenVersion } = await changePassword(app.db, ctxOf(app, req), parse(ZChangePassword, req.body));
      return { message: "Password changed successfully", ...issue(app, requireUser(req).user_id, tokenVersion) };
    });
    app.get("/api/auth/two_factor", { config: { permission: "authenticated" } }, async (req) => ({
      data: await twoFactorStatus(app, requireUser(req).user_id),
    }));
    app.post("/api/auth/two_factor/enable", { config: { permission: "authenticated", twoFactorSetup: true } }, async (req) => ({
      data: await enableTwoFactor(app, ctxOf(app, req), parse(ZTwoFactorEnable, req.body)),
    }));
    app.post("/api/auth/two_factor/confirm", { config: { permission: "authenticated", twoFactorSetup: true } }, async (req) => ({
      message: MSG.twoFactorOn,
      data: await confirmTwoFactor(app, ctxOf(app, req), parse(ZTwoFactorConfirm, req.body)),
    }));
    app.post("/api/auth/two_factor/disable", { config: { permission: "authenticated" } }, async (req) => {
      await disableTwoFactor(app, ctxOf(app, req), parse(ZTwoFactorDisable, req.body));
      return { message: MSG.twoFactorOff };
    });
    app.post("/api/auth/profile", { config: { permission: "authenticated" } }, async (req) => {
      await updateProfile(app.db, requireUser(req), parse(ZProfileSettings, req.body));
      return { message: "Updated Successfully" };
    });
  },
};
