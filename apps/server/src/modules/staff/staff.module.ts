import { ZCreateUser, ZPin, ZRole, ZUpdateUser } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { registerCrud, registerDropdown, registerList, tableDropdown } from "../../platform/crud.js";
import { issuedImage } from "../../platform/files.js";
import { rowOf } from "../../platform/openapi.js";
import { createPin, deletePin, pinsList, showPin, updatePin } from "./pins.js";
import { createRole, deleteRole, rolesList, showRole, updateRole } from "./roles.js";
import { roles, userPins, users } from "./staff.tables.js";
import { createUser, deleteUser, showUser, updateUser, usersList } from "./users.js";

const ZUser = rowOf(users, ["password_hash", "token_version"]).extend({
  user_role: z.number().int().nullable(),
  user_dob: z.string().nullable().meta({ description: "DD/MM/YYYY" }),
  user_joining_date: z.string().nullable().meta({ description: "DD/MM/YYYY" }),
  inventory_ids: z.array(z.number().int()),
});
const ZPinRow = rowOf(userPins)
  .pick({ id: true, name: true, user_id: true, created_at: true })
  .extend({ pin: z.literal("****") });

export const staffModule: AppModule = {
  name: "staff",
  register(app: FastifyInstance) {
    /** A staff photo is a name /api/images issued; empty clears it, absent leaves it. */
    const image = (name: string | null | undefined) =>
      name === undefined || name === null ? name : name === "" ? null : issuedImage(app.config.uploadDir, name, "user_image_path");
    // Static paths first: find-my-way prefers them over /:id.
    registerDropdown(
      app,
      "/api/users/list",
      ["users/index", "users/show", "sales/index", "pos_sales/index"],
      tableDropdown(app.db, users, ["user_id", "user_name", "user_code"], users.user_name, eq(users.status, "active")),
    );
    registerDropdown(
      app,
      "/api/users/accountant",
      ["users/index", "cashes/index", "expenses/index", "incomes/index"],
      tableDropdown(
        app.db,
        users,
        ["user_id", "user_name"],
        users.user_name,
        sql`${users.status} = 'active' and ${users.is_cashier} = false`,
      ),
    );
    registerList(app, "/api/users_index", { ...usersList }, "users/index");
    registerCrud(app, {
      endpoint: "users",
      list: usersList,
      row: ZUser,
      show: showUser,
      create: { schema: ZCreateUser, run: (ctx, input) => createUser(ctx, { ...input, user_image_path: image(input.user_image_path) }) },
      update: {
        schema: ZUpdateUser,
        run: (ctx, id, input) => updateUser(ctx, id, { ...input, user_image_path: image(input.user_image_path) }),
      },
      remove: deleteUser,
      // A member's parts beyond users/update (`checkGuardedChanges` in users.ts): role, status, outlet and inventories, own permissions.
      checks: {
        store: ["users/assign_permissions"],
        update: ["users/set_roles", "users/set_user_status", "users/change_outlets", "users/assign_permissions"],
      },
    });

    registerCrud(app, {
      endpoint: "roles",
      // With what each role grants, so the staff form shows a user's role permissions beside their own.
      dropdown: {
        permission: ["roles/index", "users/index", "users/store", "users/update"],
        ...tableDropdown(app.db, roles, ["role_id", "role_name", "permissions"], roles.role_name),
      },
      list: rolesList,
      row: rowOf(roles),
      show: showRole,
      create: { schema: ZRole, run: createRole },
      update: { schema: ZRole, run: updateRole },
      remove: deleteRole,
    });

    registerCrud(app, {
      endpoint: "user_pins",
      dropdown: {
        permission: ["user_pins/index", "pos_sales/index"],
        ...tableDropdown(app.db, userPins, ["id", "name"], userPins.name),
      },
      list: pinsList,
      row: ZPinRow,
      show: showPin,
      create: { schema: ZPin, run: createPin },
      update: { schema: ZPin, run: updatePin },
      remove: deletePin,
    });
  },
};
