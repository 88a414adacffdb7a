import { Alert } from "@mantine/core";
import type { TFunction } from "i18next";
import { useParams } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { useCan, useSession } from "../../app/session";
import { docDay } from "../api/ledger";
import { useFormat } from "../format";
import { useSeededNames } from "../seededNames";
import type { SheetContent } from "./DocSheet";
import { currencyShown } from "./DocView";
import { routeId } from "./routeParams";
import { type SheetColumn, sheetColumns, sheetLines } from "./sheetLines";

type Fact = [string, string];

/**
 * What a document's view page reads first: the document's id from the address, what the user may
 * do, the formats and seeded names, the system currency; what stands while the document loads or
 * when there is none (the page's own `notFound` words); and the facts, columns and frame every
 * sheet shows alike, headed by the page's own `fields.*` words.
 */
export function useDocViewKit(t: TFunction) {
  const id = routeId(useParams().id);
  const can = useCan();
  const fmt = useFormat();
  const names = useSeededNames();
  const system = useSession().systemConfig.currency_fk;
  const field = (name: string) => t(`fields.${name}`);
  const notFound = "notFound";
  /** The number and the date, as a sheet's facts begin. */
  const heading = (d: { number: string | null; date: string }): Fact[] => [
    [field("number"), d.number ?? ""],
    [field("date"), fmt.date(docDay(d.date))],
  ];
  return {
    id,
    can,
    fmt,
    names,
    system,
    /** The page while its document loads, or when there is none. */
    missing: (doc: { isPending: boolean }) => (doc.isPending ? <PageLoader /> : <Alert color="red">{t(notFound)}</Alert>),
    heading,
    /** The currency, with its rate when it is not the system currency. */
    currency: (d: { currency_id: number; currency_name: string; rate: string }): Fact => [
      field("currency"),
      currencyShown(d, system, field("rate"), fmt.rate),
    ],
    columns: (currency: string) => sheetColumns(t, fmt, names, currency),
    /**
     * A document's sheet: `title` with the document's number, its facts after its number and date,
     * its lines in `columns`, its totals (and what else it prints) and its note.
     */
    sheet: <L extends { line_id: number }>(
      d: { number: string | null; date: string; note: string | null; lines: L[] },
      {
        title,
        info,
        columns,
        ...rest
      }: { title: string; info: Fact[]; columns: SheetColumn<NoInfer<L>>[] } & Pick<SheetContent, "totals" | "extra" | "barcodeSvg">,
    ): SheetContent => ({
      title: `${title} ${d.number ?? ""}`,
      info: [...heading(d), ...info],
      ...sheetLines(d.lines, columns),
      ...rest,
      note: d.note,
    }),
  };
}
