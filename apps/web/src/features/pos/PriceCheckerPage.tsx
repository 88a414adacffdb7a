import { CURRENCY_IQD, CURRENCY_USD, type PosItem, type PosUnit } from "@app/contracts";
import { convert } from "@app/contracts/money";
import { Center, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { IconBarcode } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isLanguage, setLanguage } from "../../app/i18n";
import { usePageTitle } from "../../app/PageTitle";
import { useSession } from "../../app/session";
import { formatAmount } from "../../shared/amount";
import { useSeededLabels } from "../../shared/seededLabels";
import { useBarcodeScanner } from "../../shared/useBarcodeScanner";
import { usePosSession } from "./posSession";
import { ScanField } from "./ScanField";
import { useCatalogue } from "./useCatalogue";

/** How long an answer stays on the customer's screen before it goes back to waiting. */
export const CHECKER_SHOW_MS = 6000;
/** How often a checker left on all day takes the server's price changes. */
const CHECKER_SYNC_MS = 60_000;

type Shown = { item: PosItem; unit: PosUnit } | { missing: string } | null;

/** SPEC §2 /sales/barcode-price-checker: a customer scans, sees the name and the price in both currencies in large type. */
export function PriceCheckerPage() {
  const { t, i18n } = useTranslation("pos");
  const names = useSeededLabels();
  usePageTitle("nav:items.barcodePriceChecker");
  const { systemConfig } = useSession();
  const session = usePosSession();
  const { lookup } = useCatalogue(CHECKER_SYNC_MS);
  const [shown, setShown] = useState<Shown>(null);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), CHECKER_SHOW_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  const onCode = (code: string) => {
    void lookup(code).then((hit) => setShown(hit ?? { missing: code }));
  };
  useBarcodeScanner(onCode);

  const system = session.data?.system_currency_id ?? systemConfig.currency_fk;
  const rate = session.data?.in_rate ?? "0";
  const other = system === CURRENCY_IQD ? CURRENCY_USD : CURRENCY_IQD;
  const cur = (id: number) => (id === CURRENCY_IQD ? "IQD" : "USD");

  return (
    <Center h="100dvh" p="xl">
      <Stack align="center" gap="xl" maw={1000}>
        <Title order={2}>{systemConfig.shop_name}</Title>
        {shown && "item" in shown ? (
          <Stack align="center" data-testid="checker-item">
            <Text fz={56} fw={700} ta="center">
              {shown.item.item_name}
            </Text>
            <Text fz={28}>{names.unit(shown.unit.unit_name)}</Text>
            <Text fz={96} fw={800} dir="ltr" data-testid="checker-price">
              {formatAmount(shown.unit.price, system === CURRENCY_IQD ? 0 : 2)} {cur(system)}
            </Text>
            {Number(rate) > 0 && (
              <Text fz={48} dir="ltr" c="dimmed" data-testid="checker-price-other">
                {formatAmount(convert(shown.unit.price, system, other, rate).toFixed(), other === CURRENCY_IQD ? 0 : 2)} {cur(other)}
              </Text>
            )}
          </Stack>
        ) : shown ? (
          <Text fz={40} c="red" data-testid="checker-missing">
            {t("checker.notFound")}
          </Text>
        ) : (
          <Stack align="center" data-testid="checker-idle">
            <IconBarcode size={160} stroke={1} />
            <Text fz={40}>{t("checker.scan")}</Text>
          </Stack>
        )}
        <ScanField onScan={onCode} label={t("scanField")} testId="checker-scan" />
        <SegmentedControl
          value={i18n.language}
          onChange={(lang) => {
            if (isLanguage(lang)) void setLanguage(lang);
          }}
          data={[
            { value: "en", label: "English" },
            { value: "ar", label: "العربية" },
            { value: "ckb", label: "کوردی" },
          ]}
        />
      </Stack>
    </Center>
  );
}
