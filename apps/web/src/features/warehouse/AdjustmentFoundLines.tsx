import { Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { MoneyInput } from "../../shared/MoneyInput";
import { WarehouseDocItemSelect } from "./WarehouseDocItemSelect";
import { AddLineButton, BatchExpiryCells, WarehouseDocLinesEditor } from "./WarehouseDocLineCells";
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
  const at = (i: number) => (field: string) => error(`lines.${offset + i}.${field}`);
  return (
    <>
      <Text fw={600}>{t("adjustments.found")}</Text>
      {lines.length > 0 && (
        <WarehouseDocLinesEditor<FoundLine>
          headers={[t("fields.item"), t("fields.batchNo"), t("fields.expireDate"), t("fields.countedQty")]}
          shownRemoveHeader
          lines={lines}
          onChange={onChange}
          testId="count-found-lines"
          rowTestId="count-found-line"
          row={(l, i, set) => (
            <>
              <Table.Td>
                <WarehouseDocItemSelect
                  label={t("fields.item")}
                  value={l.item}
                  onChange={(item) => set({ item })}
                  error={at(i)("item_id")}
                  testId="line-item"
                />
              </Table.Td>
              <BatchExpiryCells
                batchNo={l.batch_no}
                expireDate={l.expire_date}
                onChange={set}
                at={at(i)}
                testIds={{ batch: "count-found-batch", expire: "count-found-expire" }}
              />
              <Table.Td>
                <MoneyInput
                  aria-label={t("fields.countedQty")}
                  size="xs"
                  w={120}
                  zeroWhenEmpty={false}
                  value={l.counted}
                  onChange={(counted) => set({ counted })}
                  error={at(i)("counted_qty")}
                  data-testid="count-found-counted"
                />
              </Table.Td>
            </>
          )}
        />
      )}
      <AddLineButton onClick={() => onChange([...lines, emptyFound()])} label={t("adjustments.addFound")} testId="count-found-add" />
    </>
  );
}
