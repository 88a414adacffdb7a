import { ActionIcon, Anchor, Badge, Group, Menu, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconDotsVertical, IconEdit, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCan } from "../../app/session";
import { docDay } from "../api/ledger";
import type { StatementLine } from "../api/parties";
import { useFormat } from "../format";
import { GENERAL_LEDGER_PERMISSION, generalLedgerPath } from "../ledgerLinks";
import { journalDescription } from "../seededNames";
import { statementSections } from "./statement";
import "../amount.css";

export interface StatementActions {
  canEdit: (line: StatementLine) => boolean;
  canDelete: (line: StatementLine) => boolean;
  onEdit: (line: StatementLine) => void;
  onDelete: (line: StatementLine) => void;
}

const typeOf = (l: StatementLine) => l.source_type ?? "";

/** Documents a statement line opens: sales, sale returns, purchases and purchase returns show their own page. */
const DOCUMENT_PAGES: Record<string, (id: number) => string> = {
  sale: (id) => `/sales/sales/view/${id}/0`,
  purchase: (id) => `/purchases/purchases/view/${id}/0`,
  purchase_return: (id) => `/purchases/purchase-return/view/${id}/0`,
  sale_return: (id) => `/sales/sale-returns/view/${id}/0`,
};

/** A party statement, one table per currency, each with its running balance and totals. */
export function StatementView({ lines, actions }: { lines: readonly StatementLine[]; actions?: StatementActions }) {
  const { t } = useTranslation("parties");
  const fmt = useFormat();
  const canLedger = useCan()([...GENERAL_LEDGER_PERMISSION]);
  const sections = statementSections(lines);
  if (sections.length === 0)
    return (
      <Paper withBorder radius="md" p="xl">
        <Text ta="center" c="dimmed" data-testid="statement-empty">
          {t("messages:noResults")}
        </Text>
      </Paper>
    );
  const signed = (v: string, currencyId: number) => {
    const s = fmt.money(v, currencyId);
    return (
      <span className="amount" style={{ color: s.startsWith("-") ? "var(--mantine-color-red-7)" : undefined }}>
        {s}
      </span>
    );
  };
  return (
    <Stack gap="lg">
      {sections.map((s) => (
        <Paper key={s.currency_id} withBorder radius="md" p={0} data-testid={`statement-${s.currency_id}`}>
          <Group justify="space-between" p="md">
            <Group gap="sm">
              <Title order={4}>{t("statementIn", { currency: s.currency_name })}</Title>
              {canLedger && s.lines[0]?.account_id && (
                <Anchor component={Link} to={generalLedgerPath(s.lines[0].account_id)} size="sm" data-testid="statement-ledger-link">
                  {t("ledger:openLedger")}
                </Anchor>
              )}
            </Group>
            <Badge size="lg" variant="light" color={s.closing.startsWith("-") ? "red" : "teal"} data-testid="statement-closing">
              {t("closingBalance")}: {fmt.money(s.closing, s.currency_id)}
            </Badge>
          </Group>
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" className="data-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("statement.date")}</Table.Th>
                  <Table.Th>{t("statement.type")}</Table.Th>
                  <Table.Th>{t("statement.description")}</Table.Th>
                  <Table.Th>{t("statement.debit")}</Table.Th>
                  <Table.Th>{t("statement.credit")}</Table.Th>
                  <Table.Th>{t("statement.balance")}</Table.Th>
                  {actions && <Table.Th w={50} aria-label={t("table:actions")} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.lines.map((l, i) => (
                  <Table.Tr key={l.line_id ?? i} data-testid="statement-line">
                    <Table.Td>{fmt.date(docDay(l.date))}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        {typeOf(l) && DOCUMENT_PAGES[typeOf(l)] && typeof l.source_id === "number" ? (
                          <Anchor component={Link} to={DOCUMENT_PAGES[typeOf(l)]!(l.source_id)} size="sm" data-testid="statement-document">
                            {t(`documentTypes.${typeOf(l)}`)}
                          </Anchor>
                        ) : typeOf(l) ? (
                          t(`documentTypes.${typeOf(l)}`, { defaultValue: typeOf(l) })
                        ) : (
                          ""
                        )}
                        {l.is_reversal && (
                          <Badge size="xs" variant="light" color="orange">
                            {t("statement.reversal")}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{journalDescription(t, l.description)}</Table.Td>
                    <Table.Td>
                      <span className="amount">{fmt.money(l.debit, s.currency_id)}</span>
                    </Table.Td>
                    <Table.Td>
                      <span className="amount">{fmt.money(l.credit, s.currency_id)}</span>
                    </Table.Td>
                    <Table.Td>{signed(l.running, s.currency_id)}</Table.Td>
                    {actions && (
                      <Table.Td>
                        {(actions.canEdit(l) || actions.canDelete(l)) && (
                          <Menu position="bottom-end" withinPortal>
                            <Menu.Target>
                              <ActionIcon variant="subtle" color="gray" aria-label={t("table:actions")} data-testid="row-actions">
                                <IconDotsVertical size={16} />
                              </ActionIcon>
                            </Menu.Target>
                            <Menu.Dropdown>
                              {actions.canEdit(l) && (
                                <Menu.Item
                                  leftSection={<IconEdit size={16} />}
                                  onClick={() => actions.onEdit(l)}
                                  data-testid="row-action-edit"
                                >
                                  {t("common:edit")}
                                </Menu.Item>
                              )}
                              {actions.canDelete(l) && (
                                <Menu.Item
                                  color="red"
                                  leftSection={<IconTrash size={16} />}
                                  onClick={() => actions.onDelete(l)}
                                  data-testid="row-action-delete"
                                >
                                  {t("common:delete")}
                                </Menu.Item>
                              )}
                            </Menu.Dropdown>
                          </Menu>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Td colSpan={3} fw={700}>
                    {t("table:total")}
                  </Table.Td>
                  <Table.Td fw={700}>
                    <span className="amount">{fmt.money(s.debit, s.currency_id)}</span>
                  </Table.Td>
                  <Table.Td fw={700}>
                    <span className="amount">{fmt.money(s.credit, s.currency_id)}</span>
                  </Table.Td>
                  <Table.Td fw={700}>{signed(s.closing, s.currency_id)}</Table.Td>
                  {actions && <Table.Td />}
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ))}
    </Stack>
  );
}
