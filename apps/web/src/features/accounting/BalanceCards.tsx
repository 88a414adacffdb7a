import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from "@mantine/core";
import { IconCash } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { totalCashBalanceQuery } from "../../shared/api/ledger";
import { useFormat } from "../../shared/format";
import "../../shared/amount.css";

/** The total of every cash and bank account, one card per currency, straight from the ledger. */
export function BalanceCards() {
  const { t } = useTranslation("accounting");
  const fmt = useFormat();
  const totals = useQuery(totalCashBalanceQuery);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mb="lg" data-testid="cash-totals">
      {totals.isPending
        ? [1, 2].map((k) => <Skeleton key={k} h={86} radius="md" />)
        : (totals.data ?? []).map((b) => (
            <Paper key={b.currency_id} withBorder radius="md" p="md" data-testid={`cash-total-${b.currency_id}`}>
              <Group justify="space-between" wrap="nowrap">
                <div>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                    {t("cashes.totalIn", { currency: b.currency_name })}
                  </Text>
                  <Text fw={700} fz={26} data-testid="cash-total-amount">
                    <span className="amount">{fmt.money(b.balance, b.currency_id)}</span>
                  </Text>
                </div>
                <ThemeIcon variant="light" size={44} radius="md" color={b.currency_id === 2 ? "teal" : "blue"}>
                  <IconCash size={24} />
                </ThemeIcon>
              </Group>
            </Paper>
          ))}
    </SimpleGrid>
  );
}
