import { Table, Text } from "@mantine/core";
import Decimal from "decimal.js";
import type { ReactNode } from "react";
import type { PickItem } from "../api/purchases";
import { plainDecimal, useFormat } from "../format";
import { useSeededNames } from "../seededNames";
import { LinesPanel } from "./DocumentLines";
import { ItemPicker } from "./ItemPicker";
import { BatchCell, pickItemOf, RemoveLineOf, UnitCell } from "./LineCells";
import "../amount.css";

/** What every line of a return holds (a purchase return's, a sale return's). */
export interface ReturnLineBase {
  key: number;
  item: PickItem | null;
  unit_id: string;
  quantity: string;
  unit_price: string;
  batch_no: string;
  expire_date: string;
}

type ItemUnit = PickItem["item_units"][number];

let nextKey = 1;
/** A new line's key (the row's identity while lines are added and removed). */
export const returnLineKey = () => nextKey++;

/** A new line typed on a return made on its own: nothing in it yet. */
export const emptyReturnLine = (): ReturnLineBase => ({
  key: returnLineKey(),
  item: null,
  unit_id: "",
  quantity: "",
  unit_price: "",
  batch_no: "",
  expire_date: "",
});

/** An amount as typed; empty: 0. */
export const typed = (v: string | null | undefined) => new Decimal(v && v !== "" ? v : "0");

/** A line's total: the quantity at the unit price, to 3 decimals. */
export const returnLineTotal = (l: { quantity: string; unit_price: string }) =>
  typed(l.quantity).mul(typed(l.unit_price)).toDecimalPlaces(3, Decimal.ROUND_HALF_UP);

/** A stored line of a return made on its own (no source document), as the form holds it. */
export const storedReturnLine = (
  l: Omit<Parameters<typeof pickItemOf>[0], "has_expire"> & {
    quantity: string;
    unit_price: string;
    batch_no: string | null;
    expire_date: string | null;
  },
  hasExpire: boolean,
) => ({
  key: returnLineKey(),
  item: pickItemOf({ ...l, has_expire: hasExpire }),
  unit_id: String(l.unit_fk),
  quantity: plainDecimal(l.quantity),
  unit_price: plainDecimal(l.unit_price),
  batch_no: l.batch_no ?? "",
  expire_date: l.expire_date ?? "",
});

/**
 * A return's lines: from a source document (a purchase, a sale) every line of it with what is
 * left to return (the lines sent are those with something to return), else lines typed. `at` is a
 * line's place among the lines sent (the server's messages name those), -1 when not sent.
 */
export function useReturnLines<L extends ReturnLineBase>(
  lines: L[],
  onChange: (lines: L[]) => void,
  fromSource: boolean,
  returned: (l: L) => Decimal = (l) => typed(l.quantity),
) {
  const sent = lines.filter((l) => !fromSource || returned(l).gt(0));
  return {
    sent,
    total: sent.reduce((s, l) => s.plus(returnLineTotal(l)), new Decimal(0)),
    setLine: (i: number, patch: Partial<L>) => onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l))),
    at: (i: number) => sent.indexOf(lines[i]!),
  };
}

/** A figure of the source document's line (what was sold, what is left to return). */
export function FigureCell({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Table.Td>
      <Text size="sm" className="amount" data-testid={testId}>
        {children}
      </Text>
    </Table.Td>
  );
}

/**
 * The lines panel of a return's form. A line of the source document shows its item, unit and
 * batch as text (`fixed`); a line typed picks its item (its default unit) and unit, each priced by
 * `priceOf` when given, and can be removed. `cells` are the return's own cells between the unit
 * and the batch, `afterBatch` those after it; the line's total closes the row.
 */
export function ReturnLinesPanel<L extends ReturnLineBase>(props: {
  title: string;
  headers: (string | false)[];
  labels: { item: string; batch: string; addLine: string; removeLine: string };
  lines: L[];
  onChange: (lines: L[]) => void;
  newLine: () => L;
  fromSource: boolean;
  /** What a line of the source document returns (the lines sent are those with some); the quantity unless said. */
  returned?: (line: L) => Decimal;
  /** The item's and unit's names of a line the source document fixes; null: a line typed. */
  fixed: (line: L) => { item: string | undefined; unit: string | undefined } | null;
  /** The names the server's messages give the item and the unit. */
  fields: { item: string; unit: string };
  itemTestId?: string;
  priceOf?: (unit: ItemUnit) => string;
  cells: (line: L, set: (patch: Partial<L>) => void, error: (field: string) => string | undefined) => ReactNode;
  afterBatch?: (line: L, set: (patch: Partial<L>) => void, error: (field: string) => string | undefined) => ReactNode;
  /** The form's message of a path ("lines.0.quantity"). */
  error: (path: string) => string | undefined;
  /** The message of the lines as a whole. */
  linesError: ReactNode;
  minWidth: number;
  testId: string;
  rowTestId: string;
}) {
  const { lines, onChange, fromSource, labels, priceOf } = props;
  const fmt = useFormat();
  const names = useSeededNames();
  const { setLine, at } = useReturnLines(lines, onChange, fromSource, props.returned);
  return (
    <LinesPanel
      title={props.title}
      add={fromSource ? undefined : { label: labels.addLine, onClick: () => onChange([...lines, props.newLine()]) }}
      minWidth={props.minWidth}
      testId={props.testId}
      headers={props.headers}
      removeHeader={fromSource ? undefined : labels.removeLine}
      error={props.linesError}
    >
      {lines.map((l, i) => {
        const place = at(i);
        const err = (f: string) => (place >= 0 ? props.error(`lines.${place}.${f}`) : undefined);
        const set = (patch: Partial<L>) => setLine(i, patch);
        const fixed = props.fixed(l);
        return (
          <Table.Tr key={l.key} data-testid={props.rowTestId}>
            <Table.Td miw={220}>
              {fixed ? (
                <Text size="sm">{fixed.item}</Text>
              ) : (
                <ItemPicker
                  inline
                  label={labels.item}
                  value={l.item}
                  onChange={(item, scanned) => {
                    const unit = item?.item_units.find((u) => u.unit_fk === (scanned ?? item.default_unit)) ?? item?.item_units[0];
                    set({
                      item,
                      unit_id: unit ? String(unit.unit_fk) : "",
                      ...(priceOf && { unit_price: unit ? priceOf(unit) : "" }),
                    } as Partial<L>);
                  }}
                  error={err(props.fields.item)}
                  testId={props.itemTestId}
                />
              )}
            </Table.Td>
            {fixed ? (
              <Table.Td miw={110}>
                <Text size="sm">{names.unit(fixed.unit)}</Text>
              </Table.Td>
            ) : (
              <UnitCell
                line={l}
                onChange={(unit_id) => {
                  const unit = l.item?.item_units.find((u) => String(u.unit_fk) === unit_id);
                  set({ unit_id, ...(priceOf && { unit_price: unit ? priceOf(unit) : l.unit_price }) } as Partial<L>);
                }}
                error={err(props.fields.unit)}
              />
            )}
            {props.cells(l, set, err)}
            <BatchCell fixed={!!fixed} label={labels.batch} value={l.batch_no} onChange={(batch_no) => set({ batch_no } as Partial<L>)} />
            {props.afterBatch?.(l, set, err)}
            <Table.Td>
              <span className="amount">{fmt.amount(returnLineTotal(l).toFixed())}</span>
            </Table.Td>
            {!fromSource && <RemoveLineOf lines={lines} index={i} onChange={onChange} />}
          </Table.Tr>
        );
      })}
    </LinesPanel>
  );
}
