import ExcelJS from "exceljs";
import { createUser, login, unique } from "../support/api";
import { expect, signedIn, test } from "../support/fixtures";

test("staff: create, edit and delete through the DataTable, with search, sort, paging and a remembered hidden column", async ({ page }) => {
  test.setTimeout(120_000);
  const admin = await login();
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
  const admin = await login();
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
