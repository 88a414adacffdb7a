import { Button, Table, Text, TextInput } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../shared/DateField";
import { MoneyInput } from "../../shared/MoneyInput";
import { WarehouseDocItemSelect } from "./WarehouseDocItemSelect";
import { RemoveLineCell } from "./WarehouseDocLineCells";
import type { PickedItem } from "./warehouseDocs.queries";

/** Goods a count finds that the sheet does not list: an item, its batch and expiry, what was counted (base units). */
export interface FoundLine {
  item: PickedItem | null;
  batch_no: string;
  expire_date: string;
  counted: string;
}

export const emptyFound = (): FoundLine => ({ item: null, batch_no: "", expire_date: "", counted: "" });

/** The found lines under the count sheet; their messages are the form's `lines.{offset + N}.field`. */
export function AdjustmentFoundLines({
  lines,
  onChange,
  error,
  offset,
}: {
  lines: FoundLine[];
  onChange: (lines: FoundLine[]) => void;
  error: (field: string) => string | undefined;
  offset: number;
}) {
  const { t } = useTranslation("warehousedocs");
  const set = (i: number, patch: Partial<FoundLine>) => onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const at = (i: number, field: string) => error(`lines.${offset + i}.${field}`);
  return (
    <>
      <Text fw={600}>{t("adjustments.found")}</Text>
      {lines.length > 0 && (
        <Table verticalSpacing={4} data-testid="count-found-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("fields.item")}</Table.Th>
              <Table.Th>{t("fields.batchNo")}</Table.Th>
              <Table.Th>{t("fields.expireDate")}</Table.Th>
              <Table.Th>{t("fields.countedQty")}</Table.Th>
              <Table.Th>{t("removeLine")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity of their own until saved
              <Table.Tr key={i} data-testid="count-found-line">
                <Table.Td>
                  <WarehouseDocItemSelect
                    label={t("fields.item")}
                    value={l.item}
                    onChange={(item) => set(i, { item })}
                    error={at(i, "item_id")}
                    testId="line-item"
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={t("fields.batchNo")}
                    size="xs"
                    w={110}
                    dir="ltr"
                    value={l.batch_no}
                    onChange={(e) => set(i, { batch_no: e.currentTarget.value })}
                    error={at(i, "batch_no")}
                    data-testid="count-found-batch"
                  />
                </Table.Td>
                <Table.Td>
                  <DateField
                    aria-label={t("fields.expireDate")}
                    size="xs"
                    w={130}
                    clearable
                    value={l.expire_date || null}
                    onChange={(v) => set(i, { expire_date: v ?? "" })}
                    error={at(i, "expire_date")}
                    data-testid="count-found-expire"
                  />
                </Table.Td>
                <Table.Td>
                  <MoneyInput
                    aria-label={t("fields.countedQty")}
                    size="xs"
                    w={120}
                    zeroWhenEmpty={false}
                    value={l.counted}
                    onChange={(counted) => set(i, { counted })}
                    error={at(i, "counted_qty")}
                    data-testid="count-found-counted"
                  />
                </Table.Td>
                <RemoveLineCell disabled={false} onRemove={() => onChange(lines.filter((_, j) => j !== i))} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={() => onChange([...lines, emptyFound()])}
        data-testid="count-found-add"
      >
        {t("adjustments.addFound")}
      </Button>
    </>
  );
}
