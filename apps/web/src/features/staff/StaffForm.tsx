import { BLOOD_GROUPS, COMMISSION_TYPES, GENDERS, MARITAL_STATUSES, USER_STATUSES, ZCreateUser, ZUpdateUser } from "@app/contracts";
import { Divider, MultiSelect, PasswordInput, ScrollArea, Select, SimpleGrid, Stack, Switch, Tabs, Text, TextInput } from "@mantine/core";
import { IconPercentage, IconUser } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import dayjs from "dayjs";
import customParseFormat from "dayjs/plugin/customParseFormat";
import { Fragment, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PermissionTree } from "../../app/PermissionTree";
import { useCan, useSession } from "../../app/session";
import { menuTreeQuery } from "../../shared/api/roles";
import {
  inventoriesListQuery,
  outletsListQuery,
  rolesListQuery,
  STAFF_ENDPOINT,
  type StaffRecord,
  staffQuery,
} from "../../shared/api/staff";
import { useCrud } from "../../shared/crud";
import { DateField } from "../../shared/DateField";
import { FormDialog } from "../../shared/FormDialog";
import { plainDecimal } from "../../shared/format";
import { ltrProps } from "../../shared/ltr";
import { MoneyInput } from "../../shared/MoneyInput";
import { PasswordStrength } from "../../shared/PasswordStrength";
import { useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";

dayjs.extend(customParseFormat);

const EMPTY = {
  user_name: "",
  user_code: "",
  user_full_name: "",
  email: "",
  new_password: "",
  new_password_confirmation: "",
  user_role: "",
  outlet_fk: "",
  status: "active",
  is_cashier: false,
  is_salesman: false,
  sale_man_name: "",
  sale_man_mail: "",
  base_salary: "",
  commission_type: "",
  sale_man_commission_percentage: "",
  sale_man_commission_percentage_1: "",
  sale_man_commission_percentage_2: "",
  sale_man_commission_percentage_3: "",
  sale_man_quota_1: "",
  sale_man_quota_2: "",
  sale_man_quota_3: "",
  gender: "",
  marital_status: "",
  blood_group: "",
  nationality: "",
  /** Kept as YYYY-MM-DD for the date pickers; sent as DD/MM/YYYY (SPEC §5). */
  user_dob: "",
  user_joining_date: "",
  permissions: [] as string[],
  inventory_ids: [] as string[],
};
type Values = typeof EMPTY;

/** A role that sells at the till: whoever gets it is a cashier unless the switch is turned off. */
const sellsAtTill = (permissions: readonly string[] | undefined) => !!permissions?.includes("pos_sales/store");

/** The salesman's figures: plain decimal text in the form, a decimal or null on the wire. */
const SALESMAN_NUMBERS = [
  "base_salary",
  "sale_man_commission_percentage",
  "sale_man_commission_percentage_1",
  "sale_man_commission_percentage_2",
  "sale_man_commission_percentage_3",
  "sale_man_quota_1",
  "sale_man_quota_2",
  "sale_man_quota_3",
] as const;
type SalesmanNumber = (typeof SALESMAN_NUMBERS)[number];
const TIERS = [1, 2, 3] as const;

const toIso = (v: string | null) => {
  if (!v) return "";
  const d = dayjs(v, ["YYYY-MM-DD", "DD/MM/YYYY", "YYYY-MM-DDTHH:mm:ssZ"], true);
  return d.isValid() ? d.format("YYYY-MM-DD") : dayjs(v).isValid() ? dayjs(v).format("YYYY-MM-DD") : "";
};

const fromRecord = (r: StaffRecord): Values => ({
  ...EMPTY,
  user_name: r.user_name,
  user_code: r.user_code ?? "",
  user_full_name: r.user_full_name ?? "",
  email: r.email,
  user_role: r.user_role ? String(r.user_role) : "",
  outlet_fk: r.outlet_fk ? String(r.outlet_fk) : "",
  status: r.status,
  is_cashier: r.is_cashier,
  is_salesman: r.is_salesman,
  sale_man_name: r.sale_man_name ?? "",
  sale_man_mail: r.sale_man_mail ?? "",
  commission_type: r.commission_type ?? "",
  // The server answers at its fixed scale ("2.50", "1000.000"); the inputs show what was meant.
  ...(Object.fromEntries(SALESMAN_NUMBERS.map((k) => [k, plainDecimal(r[k])])) as Record<SalesmanNumber, string>),
  gender: r.gender ?? "",
  marital_status: r.marital_status ?? "",
  blood_group: r.blood_group ?? "",
  nationality: r.nationality ?? "",
  user_dob: toIso(r.user_dob),
  user_joining_date: toIso(r.user_joining_date),
  permissions: r.permissions ?? [],
  inventory_ids: (r.inventory_ids ?? []).map(String),
});

const orNull = (v: string) => (v.trim() === "" ? null : v.trim());
const dmy = (iso: string) => (iso ? dayjs(iso).format("DD/MM/YYYY") : null);

/** The body the server expects: empty optional fields as null, dates as DD/MM/YYYY. */
function toPayload(v: Values, creating: boolean, withPermissions: boolean) {
  return {
    ...(withPermissions ? { permissions: v.permissions } : {}),
    user_name: v.user_name,
    user_code: orNull(v.user_code),
    user_full_name: orNull(v.user_full_name),
    email: v.email,
    user_role: v.user_role ? Number(v.user_role) : null,
    outlet_fk: v.outlet_fk ? Number(v.outlet_fk) : null,
    inventory_ids: v.inventory_ids.map(Number),
    status: v.status,
    is_cashier: v.is_cashier,
    is_salesman: v.is_salesman,
    // A salesman's terms are sent while he is one; turning the switch off clears his commission terms on the server.
    ...(v.is_salesman
      ? {
          sale_man_name: orNull(v.sale_man_name),
          sale_man_mail: orNull(v.sale_man_mail),
          commission_type: orNull(v.commission_type),
          ...Object.fromEntries(SALESMAN_NUMBERS.map((k) => [k, orNull(v[k])])),
        }
      : {}),
    gender: orNull(v.gender),
    marital_status: orNull(v.marital_status),
    blood_group: orNull(v.blood_group),
    nationality: orNull(v.nationality),
    user_dob: dmy(v.user_dob),
    user_joining_date: dmy(v.user_joining_date),
    ...(creating || v.new_password ? { new_password: v.new_password, new_password_confirmation: v.new_password_confirmation } : {}),
  };
}

export function StaffForm({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation("staff");
  const names = useSeededNames();
  const creating = id === null;
  const can = useCan();
  const mayAssign = can("users/assign_permissions");
  // A member's places, role and status are changed only by those given that action; a new member gets them with the form.
  const mayMove = creating || can("users/change_outlets");
  const maySetRole = creating || can("users/set_roles");
  const maySetStatus = creating || can("users/set_user_status");
  const tree = useQuery({ ...menuTreeQuery, enabled: mayAssign });
  const record = useQuery({ ...staffQuery(id ?? 0), enabled: !creating });
  const roles = useQuery(rolesListQuery);
  const outlets = useQuery(outletsListQuery);
  const inventories = useQuery(inventoriesListQuery);
  const { systemConfig } = useSession();
  const form = useZodForm<Values>(EMPTY);
  const [tab, setTab] = useState("details");
  const { create, update } = useCrud(STAFF_ENDPOINT, { onInvalid: form.applyServerErrors });
  const { load } = form;

  useEffect(() => {
    if (record.data) load(fromRecord(record.data));
  }, [record.data, load]);

  // A new member starts where the shop sells: the main (first) outlet and the system's default
  // inventory, when the person adding them uses it; both can be changed before saving.
  const mainOutlet = outlets.data?.length ? Math.min(...outlets.data.map((o) => o.outlet_id)) : null;
  const defaultInventory = inventories.data?.find((i) => i.inventory_id === systemConfig.default_inventory_fk)?.inventory_id ?? null;
  const { set } = form;
  const placed = useRef({ outlet: false, inventory: false });
  useEffect(() => {
    if (!creating || mainOutlet === null || placed.current.outlet) return;
    placed.current.outlet = true;
    set("outlet_fk", String(mainOutlet));
  }, [creating, mainOutlet, set]);
  useEffect(() => {
    if (!creating || defaultInventory === null || placed.current.inventory) return;
    placed.current.inventory = true;
    set("inventory_ids", [String(defaultInventory)]);
  }, [creating, defaultInventory, set]);

  const submit = () => {
    const payload = toPayload(form.values, creating, mayAssign);
    if (!form.validate(creating ? ZCreateUser : ZUpdateUser, payload)) return;
    if (creating) create.mutate(payload, { onSuccess: onClose });
    else update.mutate({ id, body: payload }, { onSuccess: onClose });
  };

  const text = (key: keyof Values & string, props: { type?: string; required?: boolean } = {}) => (
    <TextInput
      label={t(`fields.${key}`)}
      type={props.type}
      {...ltrProps(key)}
      withAsterisk={props.required}
      value={String(form.values[key])}
      onChange={(e) => form.set(key, e.currentTarget.value)}
      error={form.error(key)}
      name={key}
    />
  );
  const options = (values: readonly string[], prefix: string) => values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }));
  const select = (key: keyof Values & string, data: { value: string; label: string }[], clearable = true, disabled = false) => (
    <Select
      label={t(`fields.${key}`)}
      disabled={disabled}
      data={data}
      value={String(form.values[key]) || null}
      onChange={(v) => form.set(key, v ?? "")}
      error={form.error(key)}
      clearable={clearable}
      allowDeselect={clearable}
      searchable
      nothingFoundMessage={t("messages:nothingFound")}
      data-testid={`field-${key}`}
    />
  );
  // Figures typed as people do: thousands separators and Arabic-Indic digits; left empty they stay unset.
  const number = (key: SalesmanNumber, label: string, opts: { percent?: boolean; description?: string } = {}) => (
    <MoneyInput
      label={label}
      description={opts.description}
      zeroWhenEmpty={false}
      rightSection={opts.percent ? <IconPercentage size={16} aria-hidden /> : undefined}
      value={form.values[key]}
      onChange={(v) => form.set(key, v)}
      error={form.error(key)}
      name={key}
    />
  );
  const date = (key: "user_dob" | "user_joining_date") => (
    <DateField
      label={t(`fields.${key}`)}
      value={form.values[key] || null}
      onChange={(v) => form.set(key, v ?? "")}
      error={form.error(key)}
      clearable
    />
  );

  return (
    <FormDialog
      title={creating ? t("add") : t("edit")}
      icon={<IconUser size={20} />}
      onClose={onClose}
      onSubmit={submit}
      saving={create.isPending || update.isPending}
      loading={!creating && record.isPending}
      size="xl"
      tabs={{
        value: tab,
        onChange: setTab,
        items: [
          { value: "details", label: t("details") },
          ...(mayAssign ? [{ value: "permissions", label: t("roles:fields.permissions"), testId: "staff-permissions-tab" }] : []),
        ],
      }}
      testId="staff-form"
      saveTestId="staff-save"
    >
      <Tabs.Panel value="details">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {text("user_name", { required: true })}
            {text("user_full_name")}
            {text("email", { type: "email", required: true })}
            {text("user_code")}
            <Stack gap={4}>
              <PasswordInput
                label={t("fields.new_password")}
                withAsterisk={creating}
                description={creating ? undefined : t("passwordKeep")}
                {...form.text("new_password")}
                autoComplete="new-password"
              />
              <PasswordStrength
                password={form.values.new_password}
                userInputs={[form.values.email, form.values.user_name, form.values.user_full_name]}
              />
            </Stack>
            <PasswordInput
              label={t("fields.new_password_confirmation")}
              {...form.text("new_password_confirmation")}
              autoComplete="new-password"
            />
            <Select
              label={t("fields.user_role")}
              data={(roles.data ?? []).map((r) => ({ value: String(r.role_id), label: names.role(r.role_name) }))}
              value={form.values.user_role || null}
              onChange={(v) => {
                form.set("user_role", v ?? "");
                if (creating && sellsAtTill(roles.data?.find((r) => String(r.role_id) === v)?.permissions)) form.set("is_cashier", true);
              }}
              error={form.error("user_role")}
              disabled={!maySetRole}
              clearable
              searchable
              nothingFoundMessage={t("messages:nothingFound")}
              data-testid="field-user_role"
            />
            {select(
              "outlet_fk",
              (outlets.data ?? []).map((o) => ({ value: String(o.outlet_id), label: names.outlet(o.outlet_name) })),
              true,
              !mayMove,
            )}
            <MultiSelect
              label={t("fields.inventory_ids")}
              description={form.values.is_cashier ? t("inventoriesHelp") : undefined}
              data={(inventories.data ?? []).map((i) => ({ value: String(i.inventory_id), label: names.inventory(i.inventory_name) }))}
              value={form.values.inventory_ids}
              onChange={(v) => form.set("inventory_ids", v)}
              error={form.error("inventory_ids")}
              withAsterisk={form.values.is_cashier}
              disabled={!mayMove}
              searchable
              clearable
              nothingFoundMessage={t("messages:nothingFound")}
              data-testid="field-inventory_ids"
            />
            {select("status", options(USER_STATUSES, "common:status"), false, !maySetStatus)}
            <Switch
              mt={30}
              label={t("fields.is_cashier")}
              checked={form.values.is_cashier}
              onChange={(e) => form.set("is_cashier", e.currentTarget.checked)}
            />
            <Switch
              label={t("fields.is_salesman")}
              checked={form.values.is_salesman}
              onChange={(e) => form.set("is_salesman", e.currentTarget.checked)}
            />
          </SimpleGrid>
          {form.values.is_salesman && (
            <>
              <Divider label={t("salesman")} labelPosition="left" />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {text("sale_man_name")}
                {text("sale_man_mail", { type: "email" })}
                {number("base_salary", t("fields.base_salary"))}
                {select("commission_type", options(COMMISSION_TYPES, "salesdocs:commissionTypes"))}
              </SimpleGrid>
              <Text size="sm" c="dimmed">
                {t("tiersHelp")}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {number("sale_man_commission_percentage", t("fields.sale_man_commission_percentage"), {
                  percent: true,
                  description: t("basePercentageHelp"),
                })}
                <div />
                {TIERS.map((i) => (
                  <Fragment key={i}>
                    {number(`sale_man_quota_${i}`, t("fields.sale_man_quota", { n: i }))}
                    {number(`sale_man_commission_percentage_${i}`, t("fields.sale_man_tier_percentage", { n: i }), { percent: true })}
                  </Fragment>
                ))}
              </SimpleGrid>
            </>
          )}
          <Divider label={t("personal")} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {select("gender", options(GENDERS, "genders"))}
            {select("marital_status", options(MARITAL_STATUSES, "maritalStatuses"))}
            {select(
              "blood_group",
              BLOOD_GROUPS.map((b) => ({ value: b, label: b })),
            )}
            {date("user_dob")}
            {date("user_joining_date")}
            {text("nationality")}
          </SimpleGrid>
        </Stack>
      </Tabs.Panel>
      {mayAssign && (
        <Tabs.Panel value="permissions">
          <ScrollArea.Autosize mah="55vh" type="auto" offsetScrollbars>
            <PermissionTree
              tree={tree.data ?? []}
              value={form.values.permissions}
              onChange={(codes) => form.set("permissions", codes)}
              fromRole={roles.data?.find((r) => String(r.role_id) === form.values.user_role)?.permissions ?? []}
            />
          </ScrollArea.Autosize>
        </Tabs.Panel>
      )}
    </FormDialog>
  );
}
