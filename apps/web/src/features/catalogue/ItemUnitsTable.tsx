import { ActionIcon, Button, Group, Radio, Select, Table, Text, TextInput, Tooltip } from "@mantine/core";
import { IconBarcode, IconPlus, IconTrash } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../app/i18n";
import { fetchGeneratedBarcode } from "../../shared/api/catalogue";
import { unitsListQuery } from "../../shared/api/settings";
import { useFormat } from "../../shared/format";
import { MoneyInput } from "../../shared/MoneyInput";
import { useSeededNames } from "../../shared/seededNames";
import { newBarcode } from "./ean13";
import { emptyUnit, pricePerBase, setBase, setDefault, type UnitDraft, unitLockReason } from "./itemForm";

interface Props {
  units: UnitDraft[];
  onChange: (units: UnitDraft[]) => void;
  errors: Record<string, string>;
}

/**
 * The item's units (SPEC §3): one base unit holding 1, packet units holding a number of base
 * units, each with its own price and barcode, and one default unit for sales.
 */
export function ItemUnitsTable({ units, onChange, errors }: Props) {
  const { t } = useTranslation("catalogue");
  const names = useSeededNames();
  const fmt = useFormat();
  const unitChoices = useQuery(unitsListQuery);
  const options = (unitChoices.data ?? []).map((u) => ({ value: String(u.unit_id), label: names.unit(u.unit_name) }));
  const baseName = options.find((o) => o.value === units.find((u) => u.is_base)?.unit_fk)?.label ?? t("units.baseUnit");
  const patch = (key: string, p: Partial<UnitDraft>) => onChange(units.map((u) => (u.key === key ? { ...u, ...p } : u)));
  const err = (i: number, f: string) => {
    const m = errors[`item_units.${i}.${f}`];
    return m ? translateMessage(m) : undefined;
  };

  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table className="unit-table" verticalSpacing="xs" withTableBorder data-testid="unit-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={220}>{t("units.unit")}</Table.Th>
              <Table.Th w={150}>{t("units.quantity")}</Table.Th>
              <Table.Th w={170}>{t("units.price")}</Table.Th>
              <Table.Th>{t("units.barcode")}</Table.Th>
              <Table.Th w={70} ta="center">
                {t("units.base")}
              </Table.Th>
              <Table.Th w={70} ta="center">
                {t("units.default")}
              </Table.Th>
              <Table.Th w={44} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {units.map((u, i) => {
              const lock = unitLockReason(units, u);
              const perBase = !u.is_base ? pricePerBase(u) : null;
              return (
                <Table.Tr key={u.key} data-testid="unit-row">
                  <Table.Td>
                    <Select
                      data={options}
                      value={u.unit_fk || null}
                      onChange={(v) => patch(u.key, { unit_fk: v ?? "" })}
                      error={err(i, "unit_fk")}
                      placeholder={t("units.chooseUnit")}
                      searchable
                      nothingFoundMessage={t("messages:nothingFound")}
                      aria-label={t("units.unit")}
                      data-testid={`unit-${i}-unit`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      inputMode="decimal"
                      value={u.quantity}
                      disabled={u.is_base}
                      onChange={(e) => patch(u.key, { quantity: e.currentTarget.value })}
                      error={err(i, "quantity")}
                      aria-label={t("units.quantity")}
                      data-testid={`unit-${i}-quantity`}
                    />
                    {!u.is_base && (
                      <Text size="xs" c="dimmed" mt={2}>
                        {t("units.inBase", { unit: baseName })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <MoneyInput
                      value={u.price}
                      onChange={(price) => patch(u.key, { price })}
                      zeroWhenEmpty={false}
                      error={err(i, "price")}
                      aria-label={t("units.price")}
                      data-testid={`unit-${i}-price`}
                    />
                    {perBase !== null && (
                      <Text size="xs" c="dimmed" mt={2}>
                        {t("units.perBase", { price: fmt.sysMoney(perBase), unit: baseName })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      value={u.barcode}
                      onChange={(e) => patch(u.key, { barcode: e.currentTarget.value })}
                      error={err(i, "barcode")}
                      classNames={{ input: "barcode-input" }}
                      aria-label={t("units.barcode")}
                      data-testid={`unit-${i}-barcode`}
                      rightSection={
                        <Tooltip label={t("barcodes.generate")}>
                          <ActionIcon
                            variant="subtle"
                            onClick={() => void newBarcode(fetchGeneratedBarcode).then((barcode) => patch(u.key, { barcode }))}
                            aria-label={t("barcodes.generate")}
                            data-testid={`unit-${i}-generate`}
                          >
                            <IconBarcode size={16} />
                          </ActionIcon>
                        </Tooltip>
                      }
                    />
                  </Table.Td>
                  <Table.Td ta="center">
                    <Radio
                      checked={u.is_base}
                      onChange={() => onChange(setBase(units, u.key))}
                      aria-label={t("units.base")}
                      name="base-unit"
                      style={{ display: "inline-block" }}
                      data-testid={`unit-${i}-base`}
                    />
                  </Table.Td>
                  <Table.Td ta="center">
                    <Radio
                      checked={u.is_default}
                      onChange={() => onChange(setDefault(units, u.key))}
                      aria-label={t("units.default")}
                      name="default-unit"
                      style={{ display: "inline-block" }}
                      data-testid={`unit-${i}-default`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={lock ? t(`units.locked.${lock}`) : t("common:delete")}>
                      {/* The wrapper keeps the explanation visible on a disabled button. */}
                      <span>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          disabled={lock !== null}
                          onClick={() => onChange(units.filter((x) => x.key !== u.key))}
                          aria-label={t("common:delete")}
                          data-testid={`unit-${i}-remove`}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </span>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm">
        <Text size="sm" c={errors.item_units ? "red" : "dimmed"} data-testid="units-error">
          {errors.item_units ? translateMessage(errors.item_units) : t("units.hint")}
        </Text>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => onChange([...units, emptyUnit(false)])}
          data-testid="unit-add"
        >
          {t("units.add")}
        </Button>
      </Group>
    </>
  );
}
