import { ActionIcon, Button, type MantineSpacing, Table, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../shared/DateField";
import { MoneyInput } from "../../shared/MoneyInput";
import { WarehouseDocItemSelect } from "./WarehouseDocItemSelect";
import { WarehouseDocUnitSelect } from "./WarehouseDocUnitSelect";
import type { PickedItem } from "./warehouseDocs.queries";

/** What every editable line of a warehouse document has: an item, one of its units and a quantity. */
export interface ItemLine {
  item: PickedItem | null;
  unit_id: string;
  /** The saved unit's name, shown until the item is chosen again. */
  unit_name?: string;
  quantity: string;
}

/**
 * The item, unit and quantity cells of line `index`. Choosing an item takes the unit `unitOf`
 * picks and whatever else `onItem` resets; messages come from the form as `lines.N.field`.
 */
export function ItemUnitQuantityCells<L extends ItemLine>({
  line,
  index,
  onChange,
  error,
  unitOf,
  onItem,
}: {
  line: L;
  index: number;
  onChange: (patch: Partial<L>) => void;
  error: (field: string) => string | undefined;
  unitOf: (item: PickedItem) => number | null | undefined;
  onItem?: Partial<L>;
}) {
  const { t } = useTranslation("warehousedocs");
  const at = (field: string) => error(`lines.${index}.${field}`);
  return (
    <>
      <Table.Td>
        <WarehouseDocItemSelect
          label={t("fields.item")}
          value={line.item}
          onChange={(item) => onChange({ ...onItem, item, unit_id: item ? String(unitOf(item) ?? "") : "" } as Partial<L>)}
          error={at("item_id")}
          testId="line-item"
        />
      </Table.Td>
      <Table.Td>
        <WarehouseDocUnitSelect
          item={line.item}
          savedName={line.unit_name}
          value={line.unit_id}
          onChange={(unit_id) => onChange({ unit_id } as Partial<L>)}
          error={at("unit_id")}
        />
      </Table.Td>
      <Table.Td>
        <MoneyInput
          aria-label={t("fields.quantity")}
          size="xs"
          w={110}
          zeroWhenEmpty={false}
          value={line.quantity}
          onChange={(quantity) => onChange({ quantity } as Partial<L>)}
          error={at("quantity")}
          data-testid="line-quantity"
        />
      </Table.Td>
    </>
  );
}

/** The batch number and expiry cells of an editable line; `at` gives a field's message. */
export function BatchExpiryCells({
  batchNo,
  expireDate,
  onChange,
  at,
  testIds,
}: {
  batchNo: string;
  expireDate: string;
  onChange: (patch: { batch_no?: string; expire_date?: string }) => void;
  at: (field: string) => string | undefined;
  testIds: { batch: string; expire: string };
}) {
  const { t } = useTranslation("warehousedocs");
  return (
    <>
      <Table.Td>
        <TextInput
          aria-label={t("fields.batchNo")}
          size="xs"
          w={110}
          dir="ltr"
          value={batchNo}
          onChange={(e) => onChange({ batch_no: e.currentTarget.value })}
          error={at("batch_no")}
          data-testid={testIds.batch}
        />
      </Table.Td>
      <Table.Td>
        <DateField
          aria-label={t("fields.expireDate")}
          size="xs"
          w={130}
          clearable
          value={expireDate || null}
          onChange={(v) => onChange({ expire_date: v ?? "" })}
          error={at("expire_date")}
          data-testid={testIds.expire}
        />
      </Table.Td>
    </>
  );
}

/** The last cell of an editable line: removes it (the last line stays). */
export function RemoveLineCell({ disabled, onRemove }: { disabled: boolean; onRemove: () => void }) {
  const { t } = useTranslation("warehousedocs");
  return (
    <Table.Td>
      <ActionIcon variant="subtle" color="red" aria-label={t("removeLine")} disabled={disabled} onClick={onRemove}>
        <IconTrash size={16} />
      </ActionIcon>
    </Table.Td>
  );
}

/**
 * The editable lines of a warehouse document: a header row, a row a line (`row` draws its cells,
 * `set` changes that line), each ending with its remove button, and the message about the lines
 * as a whole under them.
 */
export function WarehouseDocLinesEditor<L>({
  headers,
  lines,
  onChange,
  row,
  keepOne = false,
  shownRemoveHeader = false,
  minWidth,
  mt,
  error,
  testId,
  rowTestId,
}: {
  headers: string[];
  lines: L[];
  onChange: (lines: L[]) => void;
  row: (line: L, index: number, set: (patch: Partial<L>) => void) => ReactNode;
  /** The last line cannot be removed. */
  keepOne?: boolean;
  /** The remove column's header is seen, not only read out. */
  shownRemoveHeader?: boolean;
  /** The table scrolls sideways below this width. */
  minWidth?: number;
  mt?: MantineSpacing;
  error?: string;
  testId: string;
  rowTestId: string;
}) {
  const { t } = useTranslation("warehousedocs");
  const set = (i: number, patch: Partial<L>) => onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const table = (
    <Table verticalSpacing={4} data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          {headers.map((h) => (
            <Table.Th key={h}>{h}</Table.Th>
          ))}
          <Table.Th>{shownRemoveHeader ? t("removeLine") : <VisuallyHidden>{t("removeLine")}</VisuallyHidden>}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity of their own until saved
          <Table.Tr key={i} data-testid={rowTestId}>
            {row(l, i, (patch) => set(i, patch))}
            <RemoveLineCell disabled={keepOne && lines.length === 1} onRemove={() => onChange(lines.filter((_, j) => j !== i))} />
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <>
      {minWidth === undefined ? (
        table
      ) : (
        <Table.ScrollContainer minWidth={minWidth} mt={mt}>
          {table}
        </Table.ScrollContainer>
      )}
      <LinesError message={error} />
    </>
  );
}

/** The message about a document's lines as a whole ("add a line"). */
export function LinesError({ message }: { message: string | undefined }) {
  return (
    message && (
      <Text c="red" size="sm">
        {message}
      </Text>
    )
  );
}

/** Adds an empty line to a document. */
export function AddLineButton({
  onClick,
  label,
  testId,
  mt,
}: {
  onClick: () => void;
  label?: string;
  testId?: string;
  mt?: MantineSpacing;
}) {
  const { t } = useTranslation("warehousedocs");
  return (
    <Button mt={mt} variant="light" leftSection={<IconPlus size={16} />} onClick={onClick} data-testid={testId}>
      {label ?? t("addLine")}
    </Button>
  );
}
