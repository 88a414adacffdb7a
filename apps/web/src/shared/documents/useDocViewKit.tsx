import { Alert } from "@mantine/core";
import type { TFunction } from "i18next";
import { useParams } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { useCan, useSession } from "../../app/session";
import { docDay } from "../api/ledger";
import { useFormat } from "../format";
import { useSeededNames } from "../seededNames";
import { currencyShown } from "./DocView";
import { routeId } from "./routeParams";
import { sheetColumns } from "./sheetLines";

type Fact = [string, string];

/**
 * What a document's view page reads first: the document's id from the address, what the user may
 * do, the formats and seeded names, the system currency; what stands while the document loads or
 * when there is none (the page's own `notFound` words); and the facts and columns every sheet
 * shows alike, headed by the page's own `fields.*` words.
 */
export function useDocViewKit(t: TFunction) {
  const id = routeId(useParams().id);
  const can = useCan();
  const fmt = useFormat();
  const names = useSeededNames();
  const system = useSession().systemConfig.currency_fk;
  const field = (name: string) => t(`fields.${name}`);
  const notFound = "notFound";
  return {
    id,
    can,
    fmt,
    names,
    system,
    /** The page while its document loads, or when there is none. */
    missing: (doc: { isPending: boolean }) => (doc.isPending ? <PageLoader /> : <Alert color="red">{t(notFound)}</Alert>),
    /** The number and the date, as a sheet's facts begin. */
    heading: (d: { number: string | null; date: string }): Fact[] => [
      [field("number"), d.number ?? ""],
      [field("date"), fmt.date(docDay(d.date))],
    ],
    /** The currency, with its rate when it is not the system currency. */
    currency: (d: { currency_id: number; currency_name: string; rate: string }): Fact => [
      field("currency"),
      currencyShown(d, system, field("rate"), fmt.rate),
    ],
    columns: (currency: string) => sheetColumns(t, fmt, names, currency),
  };
}
