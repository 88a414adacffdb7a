import ExcelJS from "exceljs";
import { adminToken, call, createUser, login, unique } from "../support/api";
import { expect, signedIn, test } from "../support/fixtures";

test("staff: create, edit and delete through the DataTable, with search, sort, paging and a remembered hidden column", async ({ page }) => {
  test.setTimeout(120_000);
  const admin = await adminToken();
  const tag = unique();
  // Twelve people sharing a tag: more than one page of ten.
  for (let i = 1; i <= 12; i++) await createUser(admin, { user_name: `Team${tag} ${String(i).padStart(2, "0")}` });
  await signedIn(page, { token: admin });
  await page.goto("/staff");
  const rows = page.getByTestId("table-row");

  // Search (debounced) narrows the list, and the state is in the address.
  await page.getByTestId("table-search").fill(`Team${tag}`);
  await expect(page).toHaveURL(new RegExp(`search=Team${tag}`));
  await expect(page.getByTestId("table-range")).toHaveText("1–10 of 12");
  await expect(rows).toHaveCount(10);

  // Paging.
  await page.getByTestId("pager").getByRole("button", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(2);

  // Sort by name: descending first, then ascending.
  await page.getByTestId("sort-user_name").click();
  await expect(page).toHaveURL(/sortColumn=user_name&sortDir=desc/);
  await expect(rows.first().locator('[data-column="user_name"]')).toHaveText(`Team${tag} 12`);
  await page.getByTestId("sort-user_name").click();
  await expect(rows.first().locator('[data-column="user_name"]')).toHaveText(`Team${tag} 01`);

  // Hide the e-mail column; it stays hidden after a reload.
  await page.getByTestId("columns-menu").click();
  await page.getByTestId("column-toggle-email").click();
  await page.keyboard.press("Escape");
  await expect(page.locator('th[data-column="email"]')).toHaveCount(0);
  await page.reload();
  await expect(rows.first()).toBeVisible();
  await expect(page.locator('th[data-column="email"]')).toHaveCount(0);
  await page.getByTestId("columns-menu").click();
  await page.getByTestId("column-toggle-email").click();
  await page.keyboard.press("Escape");
  await expect(page.locator('th[data-column="email"]')).toHaveCount(1);

  // Create: an invalid form first shows SPEC's messages.
  await page.getByTestId("staff-add").click();
  const form = page.getByTestId("staff-form");
  await form.getByTestId("staff-save").click();
  await expect(form.getByText("The user name field is required.")).toBeVisible();
  await expect(form.getByText("The email must be a valid email address.")).toBeVisible();
  await expect(form.getByText("The new password must be at least 4 characters.")).toBeVisible();
  const name = `Newcomer${tag}`;
  await form.locator("input[name=user_name]").fill(name);
  await form.locator("input[name=user_full_name]").fill("Sara Ahmed");
  await form.locator("input[name=email]").fill(`newcomer${tag}@e2e.test`);
  await form.locator("input[name=new_password]").fill("amber-falcon-river-72");
  await form.locator("input[name=new_password_confirmation]").fill("cedar-harbour-lantern-19");
  await form.getByTestId("staff-save").click();
  await expect(form.getByText("The new password confirmation does not match.")).toBeVisible();
  await form.locator("input[name=new_password_confirmation]").fill("amber-falcon-river-72");
  await form.getByTestId("staff-save").click();
  await expect(page.getByText("Added Successfully")).toBeVisible();
  await expect(form).toBeHidden();

  // Edit.
  await page.getByTestId("table-search").fill(name);
  await expect(rows).toHaveCount(1);
  await rows.first().getByTestId("row-actions").click();
  await page.getByTestId("row-action-edit").click();
  await expect(form.locator("input[name=user_full_name]")).toHaveValue("Sara Ahmed");
  await form.locator("input[name=user_full_name]").fill("Sara Ahmed Karim");
  await form.getByTestId("staff-save").click();
  await expect(page.getByText("Updated Successfully")).toBeVisible();
  await expect(rows.first().locator('[data-column="user_full_name"]')).toHaveText("Sara Ahmed Karim");

  // Delete.
  await rows.first().getByTestId("row-actions").click();
  await page.getByTestId("row-action-delete").click();
  await page.getByTestId("confirm-delete-yes").click();
  await expect(page.getByText("Deleted Successfully")).toBeVisible();
  await expect(page.getByTestId("table-empty")).toHaveText("Sorry, No results found for your search criteria");
});

test("export downloads an xlsx of the searched rows with the chosen headers", async ({ page }) => {
  const admin = await adminToken();
  const tag = unique();
  for (const n of ["Alpha", "Beta", "Gamma"]) await createUser(admin, { user_name: `${n}${tag}`, user_full_name: `${n} Person` });
  await signedIn(page, { token: admin });
  await page.goto(`/staff?search=${tag}&sortColumn=user_name&sortDir=asc`);
  await expect(page.getByTestId("table-row")).toHaveCount(3);

  await page.getByTestId("export-open").click();
  const dialog = page.getByTestId("export-dialog");
  await dialog.getByLabel("All columns").uncheck();
  await dialog.getByLabel("User Name").check();
  await dialog.getByLabel("Full Name").check();
  const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByTestId("export-download").click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0]!;
  const values: string[][] = [];
  sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ""))));
  expect(values).toEqual([
    ["User Name", "Full Name"],
    [`Alpha${tag}`, "Alpha Person"],
    [`Beta${tag}`, "Beta Person"],
    [`Gamma${tag}`, "Gamma Person"],
  ]);
});

test("a salesman with tiered revenue commission: typed with separators and Arabic-Indic digits, shown again and stored", async ({
  page,
}) => {
  const admin = await adminToken();
  const tag = unique();
  const name = `Seller${tag}`;
  await signedIn(page, { token: admin });
  await page.goto("/staff");
  await page.getByTestId("staff-add").click();
  const form = page.getByTestId("staff-form");
  await form.locator("input[name=user_name]").fill(name);
  await form.locator("input[name=email]").fill(`seller${tag}@e2e.test`);
  await form.locator("input[name=new_password]").fill("amber-falcon-river-72");
  await form.locator("input[name=new_password_confirmation]").fill("amber-falcon-river-72");

  // The salesman's terms show only once he is marked a salesman.
  await expect(form.locator("input[name=sale_man_name]")).toHaveCount(0);
  await form.getByRole("switch", { name: "Salesman" }).check();
  await form.locator("input[name=sale_man_name]").fill(`Rep ${tag}`);
  await form.locator("input[name=sale_man_mail]").fill("not-an-address");
  await form.locator("input[name=base_salary]").pressSequentially("750,000.5");
  await expect(form.locator("input[name=base_salary]")).toHaveValue("750,000.5");
  await form.getByTestId("field-commission_type").click();
  await page.getByRole("option", { name: "Revenue commission", exact: true }).click();
  await form.locator("input[name=sale_man_commission_percentage]").pressSequentially("٢٫٥");
  await form.locator("input[name=sale_man_quota_1]").pressSequentially("١٠٠٬٠٠٠");
  await form.locator("input[name=sale_man_commission_percentage_1]").pressSequentially("٣");
  await form.locator("input[name=sale_man_quota_2]").pressSequentially("250,000");
  await form.locator("input[name=sale_man_commission_percentage_2]").pressSequentially("104");

  // The contract's checks answer under the fields.
  await form.getByTestId("staff-save").click();
  await expect(form.getByText("The sale man mail must be a valid email address.")).toBeVisible();
  await expect(form.getByText("must be between 0 and 100")).toBeVisible();
  await form.locator("input[name=sale_man_mail]").fill(`rep${tag}@e2e.test`);
  await form.locator("input[name=sale_man_commission_percentage_2]").fill("4.25");
  await form.getByTestId("staff-save").click();
  await expect(page.getByText("Added Successfully")).toBeVisible();
  await expect(form).toBeHidden();

  // Stored as typed meant it.
  const list = await call<{ data: { data: { user_id: number; user_name: string }[] } }>(`users?search=${name}`, { token: admin });
  const id = list.data.data.find((u) => u.user_name === name)!.user_id;
  const stored = await call<{ data: Record<string, unknown> }>(`users/${id}`, { token: admin });
  expect(stored.data).toMatchObject({
    is_salesman: true,
    sale_man_name: `Rep ${tag}`,
    sale_man_mail: `rep${tag}@e2e.test`,
    base_salary: "750000.500",
    commission_type: "revenue_commission",
    sale_man_commission_percentage: "2.50",
    sale_man_quota_1: "100000.000",
    sale_man_commission_percentage_1: "3.00",
    sale_man_quota_2: "250000.000",
    sale_man_commission_percentage_2: "4.25",
    sale_man_quota_3: null,
    sale_man_commission_percentage_3: null,
  });

  // Reopened, the form shows the same terms.
  await page.getByTestId("table-search").fill(name);
  const rows = page.getByTestId("table-row");
  await expect(rows).toHaveCount(1);
  await rows.first().getByTestId("row-actions").click();
  await page.getByTestId("row-action-edit").click();
  await expect(form.getByRole("switch", { name: "Salesman" })).toBeChecked();
  await expect(form.locator("input[name=sale_man_name]")).toHaveValue(`Rep ${tag}`);
  await expect(form.locator("input[name=sale_man_mail]")).toHaveValue(`rep${tag}@e2e.test`);
  await expect(form.locator("input[name=base_salary]")).toHaveValue("750,000.5");
  await expect(form.getByTestId("field-commission_type")).toHaveValue("Revenue commission");
  await expect(form.locator("input[name=sale_man_commission_percentage]")).toHaveValue("2.5");
  await expect(form.locator("input[name=sale_man_quota_1]")).toHaveValue("100,000");
  await expect(form.locator("input[name=sale_man_commission_percentage_1]")).toHaveValue("3");
  await expect(form.locator("input[name=sale_man_quota_2]")).toHaveValue("250,000");
  await expect(form.locator("input[name=sale_man_commission_percentage_2]")).toHaveValue("4.25");
  await expect(form.locator("input[name=sale_man_quota_3]")).toHaveValue("");

  // A server answer on a salesman field shows under it: the salesman name is taken.
  await call("users", {
    method: "POST",
    token: admin,
    body: {
      user_name: `Other${tag}`,
      email: `other${tag}@e2e.test`,
      new_password: "amber-falcon-river-72",
      new_password_confirmation: "amber-falcon-river-72",
      is_salesman: true,
      sale_man_name: `Taken ${tag}`,
      commission_type: "no_commission",
    },
  });
  await form.locator("input[name=sale_man_name]").fill(`Taken ${tag}`);
  await form.getByTestId("staff-save").click();
  await expect(form.getByText("The sale man name has already been taken.")).toBeVisible();
});

/** A code as an Arabic keyboard's input method writes it. */
const arabicDigits = (code: string) => code.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!);

test("a manager makes a cashier from the screens (role, inventory, PIN), who signs in with the PIN and sells", async ({ page }) => {
  test.setTimeout(120_000);
  const admin = await adminToken();
  const tag = unique();
  const roles = (await call<{ message: { role_id: number; role_name: string }[] }>("roles/list", { token: admin })).message;
  const managerRole = roles.find((r) => r.role_name === "Manager")!.role_id;
  const cfg = (await call<{ data: { default_inventory_fk: number } }>("system_config", { token: admin })).data;
  const inventory = cfg.default_inventory_fk;
  const units = (await call<{ message: { unit_id: number; unit_name: string }[] }>("units/list", { token: admin })).message;
  const piece = units.find((u) => u.unit_name === "Piece")!.unit_id;
  const barcode = `88${String(Date.now()).slice(-9)}`;
  const item = (
    await call<{ data: { item_id: number } }>("items", {
      method: "POST",
      token: admin,
      body: {
        item_name: `Till item ${tag}`,
        item_units: [{ unit_fk: piece, quantity: "1", price: "3250", is_base: true, is_default: true, barcode }],
      },
    })
  ).data;
  await call("inventory_opening_balances", {
    method: "POST",
    token: admin,
    body: { inventory_id: inventory, lines: [{ item_id: item.item_id, unit_id: piece, quantity: "5", unit_cost: "2000" }] },
  });
  // The manager holds the seeded Manager role and uses the default inventory.
  const manager = await createUser(admin, { user_name: `Manager${tag}`, user_role: managerRole, inventory_ids: [inventory], outlet_fk: 1 });
  await signedIn(page, { token: await login(manager.email, manager.password) });

  await page.goto("/staff");
  await page.getByTestId("staff-add").click();
  const form = page.getByTestId("staff-form");
  const cashierName = `Till${tag}`;
  for (const [field, value] of [
    ["user_name", cashierName],
    ["email", `till${tag}@e2e.test`],
    ["new_password", "amber-falcon-river-72"],
    ["new_password_confirmation", "amber-falcon-river-72"],
  ] as const) {
    await form.locator(`input[name=${field}]`).click();
    await page.keyboard.type(value);
  }
  await form.getByTestId("field-user_role").click();
  await page.getByRole("option", { name: "Cashier", exact: true }).click();
  // The role sells at the till: the switch turns on; the default inventory and main outlet are there to start with.
  await expect(form.getByRole("switch", { name: "Cashier" })).toBeChecked();
  await expect(form.getByTestId("field-inventory_ids").locator("..")).toContainText("Main Inventory");
  await expect(form.getByTestId("field-outlet_fk")).toHaveValue("Main Outlet");
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/users") && r.request().method() === "POST");
  await form.getByTestId("staff-save").click();
  const made = (await (await saved).json()) as { data: { user_id: number } };
  const cashier = (await call<{ data: Record<string, unknown> }>(`users/${made.data.user_id}`, { token: admin })).data;
  expect(cashier).toMatchObject({ user_name: cashierName, user_role: roles.find((r) => r.role_name === "Cashier")!.role_id });
  expect(cashier).toMatchObject({ is_cashier: true, outlet_fk: 1, inventory_ids: [inventory] });

  await page.goto("/pins");
  await page.getByTestId("pin-add").click();
  const pinForm = page.getByTestId("pin-form");
  await pinForm.getByLabel("Name").click();
  await page.keyboard.type(`${cashierName} PIN`);
  await pinForm.getByLabel("PIN").click();
  await page.keyboard.type("5817");
  await pinForm.getByTestId("pin-user").click();
  await page.keyboard.type(cashierName);
  await page.getByRole("option", { name: new RegExp(cashierName) }).click();
  await pinForm.getByTestId("pin-save").click();
  await expect(pinForm).toBeHidden();

  await page.goto("/user-logout");
  await expect(page).toHaveURL(/\/login/);
  await page.getByTestId("login-mode").locator("label").nth(1).click();
  await page.getByTestId("cashier-outlet").click();
  await page.getByRole("option", { name: "Main Outlet" }).click();
  await page.getByTestId("cashier-user").click();
  await page.getByRole("option", { name: cashierName }).click();
  await page.locator("input[autocomplete='one-time-code']").click();
  await page.keyboard.type("5817");
  await page.getByTestId("cashier-submit").click();
  await expect(page).toHaveURL(/\/settings\/pos$/);
  await expect(page.getByTestId("pos-cashier")).toContainText(cashierName);

  // The code comes as text from an input method, in Arabic-Indic digits.
  await expect(page.getByTestId("pos-scan")).toBeFocused();
  await page.keyboard.insertText(arabicDigits(barcode));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("pos-line")).toHaveCount(1);
  await expect(page.getByTestId("pos-total")).toHaveText("3,250");
  await page.keyboard.press("F8");
  await page.getByTestId("pay-iqd").fill("5000");
  const sale = page.waitForResponse((r) => r.url().endsWith("/api/pos_sales") && r.request().method() === "POST");
  await page.keyboard.press("F8");
  const answer = await sale;
  expect(answer.status()).toBe(201);
  const booked = (await answer.json()) as { data: { id: number } };
  const shown = (await call<{ data: Record<string, unknown> }>(`pos_sales/${booked.data.id}`, { token: admin })).data;
  expect(shown).toMatchObject({ cashier: { user_id: made.data.user_id }, inventory_fk: inventory, total_iqd: "3250" });
  expect(shown.lines).toHaveLength(1);
});
