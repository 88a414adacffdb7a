import { ActionIcon, Button, Group, Paper, Select, Table, Title, VisuallyHidden } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MoneyInput } from "../../shared/MoneyInput";
import { useSeededNames } from "../../shared/seededNames";
import { ItemPicker } from "../purchases/ItemPicker";
import type { PickItem } from "../purchases/purchases.queries";

/** A line of a sale-like document as typed: the item, one of its units, the quantity and (quotations) its own discount. */
export interface DocLine {
  key: number;
  item: PickItem | null;
  unit_id: string;
  quantity: string;
  discount_type: "amount" | "percent";
  discount: string;
}

let nextKey = 1;
export const emptyDocLine = (): DocLine => ({
  key: nextKey++,
  item: null,
  unit_id: "",
  quantity: "",
  discount_type: "percent",
  discount: "",
});

/** A stored line as the picker holds it: the item with the one unit the line uses. */
export const docLineOf = (l: {
  item_fk: number;
  item_name: string;
  unit_fk: number;
  unit_name: string;
  unit_base_qty: string;
  quantity: string;
  discount_type?: "amount" | "percent" | null;
  discount?: string;
}): DocLine => ({
  key: nextKey++,
  item: {
    item_id: l.item_fk,
    item_name: l.item_name,
    item_code: null,
    has_expire: false,
    default_unit: l.unit_fk,
    item_units: [
      {
        item_unit_id: 0,
        unit_fk: l.unit_fk,
        unit_name: l.unit_name,
        quantity: l.unit_base_qty,
        price: "0",
        is_base: false,
        is_default: true,
      },
    ],
  },
  unit_id: String(l.unit_fk),
  quantity: String(Number(l.quantity)),
  discount_type: l.discount_type ?? "percent",
  discount: l.discount && Number(l.discount) ? String(Number(l.discount)) : "",
});

/** The lines as the server reads them (`item_fk`, `unit_fk`, `quantity`, and the discount when asked). */
export const docLinesPayload = (lines: DocLine[], withDiscount: boolean) =>
  lines.map((l) => ({
    item_fk: l.item?.item_id ?? "",
    unit_fk: l.unit_id,
    quantity: l.quantity,
    ...(withDiscount ? { discount_type: l.discount_type, discount: l.discount || "0" } : {}),
  }));

/**
 * The lines table of quotations, sale transfers and their returns: an item by name, code or
 * barcode, its unit, the quantity and (with `withDiscount`) a line discount; `extra` adds a
 * read-only cell per line (a price).
 */
export function DocLines({
  lines,
  onChange,
  error,
  withDiscount = false,
  extra,
  testId,
}: {
  lines: DocLine[];
  onChange: (lines: DocLine[]) => void;
  error: (field: string) => string | undefined;
  withDiscount?: boolean;
  extra?: { label: string; cell: (line: DocLine, index: number) => ReactNode };
  testId: string;
}) {
  const { t } = useTranslation("quotations");
  const names = useSeededNames();
  const set = (i: number, patch: Partial<DocLine>) => onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t("lines")}</Title>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => onChange([...lines, emptyDocLine()])}
          data-testid="line-add"
        >
          {t("actions.addLine")}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="xs" data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("fields.item")}</Table.Th>
              <Table.Th>{t("fields.unit")}</Table.Th>
              <Table.Th>{t("fields.quantity")}</Table.Th>
              {withDiscount && <Table.Th>{t("fields.discount_type")}</Table.Th>}
              {withDiscount && <Table.Th>{t("fields.discount")}</Table.Th>}
              {extra && <Table.Th>{extra.label}</Table.Th>}
              <Table.Th>
                <VisuallyHidden>{t("actions.removeLine")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l, i) => (
              <Table.Tr key={l.key} data-testid="doc-line">
                <Table.Td miw={220}>
                  <ItemPicker
                    inline
                    label={t("fields.item")}
                    value={l.item}
                    onChange={(item) =>
                      set(i, {
                        item,
                        unit_id: item ? String(item.default_unit ?? item.item_units.find((u) => u.is_default)?.unit_fk ?? "") : "",
                      })
                    }
                    error={error(`lines.${i}.item_fk`)}
                    testId="line-item"
                  />
                </Table.Td>
                <Table.Td miw={120}>
                  <Select
                    aria-label={t("fields.unit")}
                    allowDeselect={false}
                    data={(l.item?.item_units ?? []).map((u) => ({ value: String(u.unit_fk), label: names.unit(u.unit_name) }))}
                    value={l.unit_id || null}
                    onChange={(val) => set(i, { unit_id: val ?? "" })}
                    error={error(`lines.${i}.unit_fk`)}
                    data-testid="line-unit"
                  />
                </Table.Td>
                <Table.Td miw={100}>
                  <MoneyInput
                    aria-label={t("fields.quantity")}
                    value={l.quantity}
                    zeroWhenEmpty={false}
                    onChange={(quantity) => set(i, { quantity })}
                    error={error(`lines.${i}.quantity`)}
                    data-testid="line-quantity"
                  />
                </Table.Td>
                {withDiscount && (
                  <Table.Td miw={120}>
                    <Select
                      aria-label={t("fields.discount_type")}
                      allowDeselect={false}
                      data={[
                        { value: "percent", label: t("discountKinds.percent") },
                        { value: "amount", label: t("discountKinds.amount") },
                      ]}
                      value={l.discount_type}
                      onChange={(val) => set(i, { discount_type: val === "amount" ? "amount" : "percent" })}
                      data-testid="line-discount-type"
                    />
                  </Table.Td>
                )}
                {withDiscount && (
                  <Table.Td miw={100}>
                    <MoneyInput
                      aria-label={t("fields.discount")}
                      value={l.discount}
                      zeroWhenEmpty={false}
                      onChange={(discount) => set(i, { discount })}
                      error={error(`lines.${i}.discount`)}
                      data-testid="line-discount"
                    />
                  </Table.Td>
                )}
                {extra && <Table.Td>{extra.cell(l, i)}</Table.Td>}
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t("actions.removeLine")}
                    disabled={lines.length === 1}
                    onClick={() => onChange(lines.filter((_, j) => j !== i))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
