import { ZItem } from "@app/contracts";
import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Select,
  type SelectProps,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Textarea,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { IconBarcode, IconBox, IconInfoCircle, IconPhoto, IconPill, IconPlus, IconRuler2, IconTrash } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { categoryTreeQuery, fetchGeneratedBarcode, ITEMS_ENDPOINT, itemQuery } from "../../shared/api/catalogue";
import { brandsListQuery, countriesListQuery } from "../../shared/api/settings";
import { categoryOptions } from "../../shared/categoryOptions";
import { useCrud } from "../../shared/crud";
import { FormDialog } from "../../shared/FormDialog";
import { ItemImages } from "../../shared/ItemImages";
import { ltrProps } from "../../shared/ltr";
import { useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";
import { newBarcode } from "./ean13";
import { ItemUnitsTable } from "./ItemUnitsTable";
import { checkUnits, EMPTY_ITEM, fromRecord, type ItemValues, toItemPayload } from "./itemForm";

type Tab = "general" | "units" | "barcodes" | "medical" | "images";

/** Which tab shows a field, so a failed save opens the tab with the first message. */
const tabOf = (field: string): Tab => {
  if (field.startsWith("item_units")) return "units";
  if (field.startsWith("barcodes")) return "barcodes";
  if (["scientific_name", "direction_of_use", "side_effect"].includes(field)) return "medical";
  if (field.startsWith("images")) return "images";
  return "general";
};

export function ItemForm({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation("catalogue");
  const can = useCan();
  const names = useSeededNames();
  const creating = id === null;
  const record = useQuery({ ...itemQuery(id ?? 0), enabled: !creating });
  const tree = useQuery(categoryTreeQuery);
  const brands = useQuery(brandsListQuery);
  const countries = useQuery(countriesListQuery);
  const form = useZodForm<ItemValues>(EMPTY_ITEM);
  const [tab, setTab] = useState<Tab>("general");
  const { create, update } = useCrud(ITEMS_ENDPOINT, {
    onInvalid: (err) => {
      const handled = form.applyServerErrors(err);
      if (handled) openFirstError();
      return handled;
    },
  });
  const { load, errors } = form;

  useEffect(() => {
    if (record.data) load(fromRecord(record.data));
  }, [record.data, load]);

  // Errors arrive through state; the tab follows on the next render.
  const [pendingJump, setPendingJump] = useState(false);
  const openFirstError = () => setPendingJump(true);
  useEffect(() => {
    if (!pendingJump) return;
    const first = Object.keys(errors)[0];
    if (first) setTab(tabOf(first));
    setPendingJump(false);
  }, [pendingJump, errors]);

  const localize = (m: string) => (/^[a-z]+:[\w.]+$/.test(m) ? t(m) : m);

  const submit = () => {
    const v = form.values;
    const local: Record<string, string> = {};
    if (v.item_name.trim() === "") local.item_name = t("settings:required");
    for (const [k, m] of Object.entries(checkUnits(v.item_units))) local[k] = localize(m);
    if (Object.keys(local).length) {
      form.setErrors(local);
      openFirstError();
      return;
    }
    const body = toItemPayload(v);
    if (!form.validate(ZItem, body)) {
      openFirstError();
      return;
    }
    if (creating) create.mutate(body, { onSuccess: onClose });
    else update.mutate({ id, body }, { onSuccess: onClose });
  };

  const categories = categoryOptions(tree.data ?? []);
  const brandOptions = (brands.data ?? []).map((b) => ({ value: String(b.brand_id), label: b.brand_name }));
  const countryOptions = names.countryOptions(countries.data ?? []);

  const text = (key: keyof ItemValues & string, opts: { required?: boolean; numeric?: boolean } = {}) => (
    <TextInput
      label={t(`fields.${key}`)}
      withAsterisk={opts.required}
      inputMode={opts.numeric ? "numeric" : undefined}
      {...ltrProps(key)}
      value={String(form.values[key] ?? "")}
      onChange={(e) => form.set(key, e.currentTarget.value)}
      error={form.error(key)}
      data-testid={`field-${key}`}
    />
  );
  const long = (key: keyof ItemValues & string) => (
    <Textarea
      label={t(`fields.${key}`)}
      autosize
      minRows={3}
      value={String(form.values[key] ?? "")}
      onChange={(e) => form.set(key, e.currentTarget.value)}
      error={form.error(key)}
      data-testid={`field-${key}`}
    />
  );
  const select = (key: keyof ItemValues & string, data: { value: string; label: string }[], renderOption?: SelectProps["renderOption"]) => (
    <Select
      label={t(`fields.${key}`)}
      data={data}
      renderOption={renderOption}
      value={String(form.values[key] ?? "") || null}
      onChange={(v) => form.set(key, v ?? "")}
      error={form.error(key)}
      searchable
      clearable
      nothingFoundMessage={t("messages:nothingFound")}
      data-testid={`field-${key}`}
    />
  );
  const toggle = (key: keyof ItemValues & string, description?: string, disabled?: boolean) => (
    <Switch
      label={t(`fields.${key}`)}
      description={description}
      disabled={disabled}
      checked={form.values[key] === true}
      onChange={(e) => form.set(key, e.currentTarget.checked)}
      data-testid={`field-${key}`}
    />
  );
  const tabHasError = (x: Tab) => Object.keys(errors).some((k) => tabOf(k) === x);
  const tabItem = (x: Tab, Icon: typeof IconBox) => ({
    value: x,
    icon: <Icon size={16} />,
    testId: `item-tab-${x}`,
    label: (
      <Indicator disabled={!tabHasError(x)} color="red" size={7} offset={-4}>
        {t(`items.tabs.${x}`)}
      </Indicator>
    ),
  });

  const setBarcode = (i: number, code: string) =>
    form.set(
      "barcodes",
      form.values.barcodes.map((b, j) => (j === i ? code : b)),
    );

  return (
    <FormDialog
      title={creating ? t("items.add") : t("items.edit")}
      icon={<IconBox size={20} />}
      onClose={onClose}
      onSubmit={submit}
      saving={create.isPending || update.isPending}
      loading={!creating && record.isPending}
      size="72rem"
      tabs={{
        value: tab,
        onChange: (v) => setTab(v as Tab),
        items: [
          tabItem("general", IconInfoCircle),
          tabItem("units", IconRuler2),
          tabItem("barcodes", IconBarcode),
          tabItem("medical", IconPill),
          tabItem("images", IconPhoto),
        ],
      }}
      minBodyHeight={420}
      testId="item-form"
      saveTestId="item-save"
    >
      <Tabs.Panel value="general">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {text("item_name", { required: true })}
            {text("item_code")}
            {select("category_fk", categories.data, categories.renderOption)}
            {select("brand_fk", brandOptions)}
            {select("made_in_fk", countryOptions)}
            {text("profit_percent", { numeric: true })}
            {text("shortage_alert", { numeric: true })}
            {form.values.has_expire && text("expire_alert", { numeric: true })}
            {form.values.has_revenue_tax && text("revenue_tax_percent", { numeric: true })}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="lg" py="xs">
            {toggle("has_expire", t("hints.has_expire"))}
            {toggle("has_batch_number", t("hints.has_batch_number"))}
            {toggle("sale_price_editable", t("hints.sale_price_editable"))}
            {toggle("has_revenue_tax")}
            {/* Shown online or hidden: items/activate (the server refuses a change without it). */}
            {toggle("is_active_online", t("hints.is_active_online"), !can("items/activate"))}
          </SimpleGrid>
          {long("description")}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="units">
        <ItemUnitsTable units={form.values.item_units} onChange={(u) => form.set("item_units", u)} errors={errors} />
      </Tabs.Panel>
      <Tabs.Panel value="barcodes">
        <Stack gap="sm" maw={520}>
          {form.values.barcodes.map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: barcodes are edited in place; the position is their identity
            <Group key={i} gap="xs" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                value={b}
                onChange={(e) => setBarcode(i, e.currentTarget.value)}
                error={form.errors[`barcodes.${i}`]}
                classNames={{ input: "barcode-input" }}
                aria-label={t("units.barcode")}
                data-testid={`barcode-${i}`}
              />
              <Tooltip label={t("barcodes.generate")}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  onClick={() => void newBarcode(fetchGeneratedBarcode).then((code) => setBarcode(i, code))}
                  aria-label={t("barcodes.generate")}
                >
                  <IconBarcode size={16} />
                </ActionIcon>
              </Tooltip>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                onClick={() =>
                  form.set(
                    "barcodes",
                    form.values.barcodes.filter((_, j) => j !== i),
                  )
                }
                aria-label={t("common:delete")}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => form.set("barcodes", [...form.values.barcodes, ""])}
            >
              {t("barcodes.add")}
            </Button>
            <Button
              variant="default"
              leftSection={<IconBarcode size={16} />}
              onClick={() => void newBarcode(fetchGeneratedBarcode).then((code) => form.set("barcodes", [...form.values.barcodes, code]))}
              data-testid="barcode-generate"
            >
              {t("barcodes.generate")}
            </Button>
          </Group>
          <TextHint text={t("barcodes.hint")} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="medical">
        <Stack gap="md">
          {text("scientific_name")}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {long("direction_of_use")}
            {long("side_effect")}
          </SimpleGrid>
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="images">
        <ItemImages value={form.values.images} onChange={(v) => form.set("images", v)} />
      </Tabs.Panel>
    </FormDialog>
  );
}

function TextHint({ text }: { text: string }) {
  return (
    <Group gap={6} c="dimmed" fz="sm">
      <IconInfoCircle size={14} />
      {text}
    </Group>
  );
}
