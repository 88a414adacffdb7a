import { type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import type { ComponentProps, ReactNode } from "react";
import { useNavigate } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { DocHead, useFillOnce } from "./DocHead";
import { DocForm } from "./DocumentLines";
import { type ReturnLineBase, ReturnLinesPanel } from "./ReturnLines";
import { ReturnSettlement, settlementLabels } from "./ReturnSettlement";
import { useDocRoute } from "./routeParams";

/**
 * What a return's form starts from (SPEC §2 `upsert/{id}/{isUpdate}/{from}/{newTab}`): the return
 * edited (`own`, by its id: 0 for a new one) and the document it returns (`source`: `from` for a
 * new return, the one the edited return names otherwise, 0 for a return made on its own). As soon
 * as those asked for are loaded, `fill` puts them in the form, once (again when `sourceMark` names
 * another source document); `pending` while they load.
 */
export function useReturnSources<R extends { id: number }, S, KR extends QueryKey, KS extends QueryKey>(opts: {
  own: (id: number) => UseQueryOptions<R, Error, R, KR>;
  sourceOf: (own: R) => number | null;
  source: (sourceId: number, ownId: number) => UseQueryOptions<S, Error, S, KS>;
  sourceMark: (source: S) => number;
  fill: (own: R | undefined, source: S | undefined) => void;
}) {
  const route = useDocRoute();
  const ownId = route.isUpdate ? route.id : 0;
  const own = useQuery(opts.own(ownId));
  const r = own.data;
  const sourceId = route.isUpdate ? ((r && opts.sourceOf(r)) ?? 0) : route.from;
  const source = useQuery(opts.source(sourceId, ownId));
  const s = source.data;
  const ready = (!route.isUpdate || r) && (sourceId === 0 || s) && (r || s);
  useFillOnce(
    ready ? { r, s } : null,
    (x) => `${x.r?.id ?? 0}:${x.s ? opts.sourceMark(x.s) : 0}`,
    (x) => opts.fill(x.r, x.s),
  );
  return {
    route,
    ownId,
    own: r,
    source: s,
    sourceId,
    fromSource: sourceId > 0,
    pending: (route.isUpdate && own.isPending) || (sourceId > 0 && source.isPending),
  };
}

/** A return's own cells of a line, and their headers. */
interface Cells<L> {
  headers: (string | false)[];
  render: (line: L, set: (patch: Partial<L>) => void, error: (field: string) => string | undefined) => ReactNode;
}

type LinesProps<L extends ReturnLineBase> = Parameters<typeof ReturnLinesPanel<L>>[0];
type HeadProps = ComponentProps<typeof DocHead>;
/** The currency and rate as the form holds them, its messages the form's own. */
type CurrencyField = Omit<Exclude<HeadProps["currency"], false>, "fieldError">;

/**
 * A return's form (a purchase's, a sale's), the loader while what it starts from (`sources`)
 * loads: the header with Back to `backTo` and Save, the head (party, date, inventory, currency),
 * the lines with the return's own `cells` between the unit and the batch (and `afterBatch`), and
 * the settlement under them. All in the page's own words: `{words}edit`, `{words}add` and
 * `{words}description` head it (`from.words` with the source's number when there is one), and
 * `fields.*`, `actions.*`, `lines` and the settlement's (`settlementLabels`) name the rest;
 * `testPrefix` names the test ids (`{prefix}-form`, `-save`, `-date`, `-lines`, `-line` and the
 * settlement's).
 */
export function ReturnForm<L extends ReturnLineBase>(props: {
  t: TFunction;
  words: string;
  from: { words: string; number: string | null | undefined };
  testPrefix: string;
  /** What `useReturnSources` tells: whether the return is edited, its number, and whether it has a source document. */
  sources: { route: { isUpdate: boolean }; own: { number: string | null } | undefined; fromSource: boolean; pending: boolean };
  /** The form's message of a path ("lines.0.quantity", "rate"). */
  form: { error: (path: string) => string | undefined };
  saving: { save: { isPending: boolean }; submit: () => void; question: ReactNode };
  backTo: string;
  /** The payload's field of the document returned: its messages show over the lines, as the lines' own. */
  sourceField: string;
  head: Omit<HeadProps, "labels" | "currency"> & { currency: CurrencyField | false };
  lines: Omit<
    LinesProps<L>,
    "title" | "headers" | "labels" | "fromSource" | "cells" | "afterBatch" | "error" | "linesError" | "testId" | "rowTestId"
  > & {
    cells: Cells<L>;
    afterBatch?: Cells<L>;
  };
  settlement: Omit<ComponentProps<typeof ReturnSettlement>, "labels" | "testPrefix"> & { types: string };
}) {
  const { t, words, testPrefix: prefix, sources, head, lines, settlement } = props;
  const { error } = props.form;
  // The page's own words, in its namespace (the keys are the page's, not this file's).
  const word = (key: string) => t(key);
  const navigate = useNavigate();
  if (sources.pending) return <PageLoader />;
  const { cells, afterBatch, ...panel } = lines;
  const { types, ...settled } = settlement;
  return (
    <DocForm
      testId={`${prefix}-form`}
      onSubmit={() => props.saving.submit()}
      title={sources.route.isUpdate ? t(`${words}edit`, { number: sources.own?.number ?? "" }) : t(`${words}add`)}
      description={sources.fromSource ? t(props.from.words, { number: props.from.number ?? "" }) : t(`${words}description`)}
      back={{ label: word("actions.back"), onClick: () => void navigate(props.backTo) }}
      save={{ label: word("actions.save"), saving: props.saving.save.isPending, testId: `${prefix}-save` }}
    >
      <DocHead
        {...head}
        labels={{ date: word("fields.date"), inventory: word("fields.inventory") }}
        date={{ ...head.date, testId: `${prefix}-date` }}
        currency={head.currency && { ...head.currency, fieldError: error }}
      />
      <ReturnLinesPanel<L>
        {...panel}
        fromSource={sources.fromSource}
        title={word("lines")}
        headers={[
          word("fields.item"),
          word("fields.unit"),
          ...cells.headers,
          word("fields.batch_no"),
          ...(afterBatch?.headers ?? []),
          word("fields.line_total"),
        ]}
        labels={{
          item: word("fields.item"),
          batch: word("fields.batch_no"),
          addLine: word("actions.addLine"),
          removeLine: word("actions.removeLine"),
        }}
        cells={cells.render}
        afterBatch={afterBatch?.render}
        error={error}
        linesError={error("lines") ?? error(props.sourceField)}
        testId={`${prefix}-lines`}
        rowTestId={`${prefix}-line`}
      />
      <ReturnSettlement {...settled} labels={settlementLabels(t, types)} testPrefix={prefix} />
      {props.saving.question}
    </DocForm>
  );
}
