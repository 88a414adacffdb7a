import { Badge, Button, Group, Text } from "@mantine/core";
import { IconLayoutList, IconPhoto } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { ActiveBadge } from "../../shared/ActiveBadge";
import { type Column, DataTable, editDeleteActions } from "../../shared/DataTable";
import { formatAmount } from "../../shared/format";
import { PageHeader } from "../../shared/PageHeader";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { ArrangeButtons } from "./ArrangeButtons";
import { MOBILE_ENDPOINTS, type SectionRow, useMoveRow } from "./mobileApp.queries";
import { SectionForm } from "./SectionForm";

const ENDPOINT = MOBILE_ENDPOINTS.sections;

/** The app's home screen: sections of items and image sliders, in the order the app shows them. */
export function HomeSectionsPage() {
  const { t } = useTranslation("mobileapp");
  const can = useCan();
  const [editing, setEditing] = useState<{ id: number | null; kind: "section" | "slider" } | null>(null);
  const move = useMoveRow(ENDPOINT, "section_id");
  const del = useConfirmDelete<SectionRow>(ENDPOINT, { idOf: (r) => r.section_id, nameOf: (r) => r.title });
  const canMove = can(`${ENDPOINT}/update`);

  /** What fills a section: its chosen items, or its filters in words. */
  const contents = (r: SectionRow) => {
    if (r.source === "items") return t("sections.itemsCount", { count: r.items_count });
    const parts: string[] = [];
    if (r.start_price !== null || r.end_price !== null)
      parts.push(
        t("sections.priceRange", { from: formatAmount(r.start_price ?? "0"), to: r.end_price === null ? "∞" : formatAmount(r.end_price) }),
      );
    if (r.category_name) parts.push(r.category_name);
    if (r.brand_name) parts.push(r.brand_name);
    return parts.join(" · ");
  };

  const columns: Column<SectionRow>[] = [
    {
      key: "arrangement",
      label: "mobileapp:fields.arrangement",
      render: (r) => (
        <ArrangeButtons
          place={r.arrangement}
          canMove={canMove}
          busy={move.isPending}
          onMove={(step) => move.mutate({ id: r.section_id, step })}
          testId={`move-${r.section_id}`}
        />
      ),
    },
    { key: "title", label: "mobileapp:fields.title" },
    {
      key: "kind",
      label: "mobileapp:fields.kind",
      render: (r) => (
        <Badge variant="light" color={r.kind === "slider" ? "grape" : "blue"}>
          {t(`kinds.${r.kind}`)}
        </Badge>
      ),
    },
    {
      key: "source",
      label: "mobileapp:fields.source",
      render: (r) => (
        <Text size="sm" data-testid={`section-contents-${r.section_id}`}>
          {contents(r)}
        </Text>
      ),
    },
    { key: "active", label: "mobileapp:fields.active", render: (r) => <ActiveBadge on={r.active} /> },
  ];

  return (
    <>
      <PageHeader title={t("sections.title")} description={t("sections.description")} />
      <DataTable<SectionRow>
        endpoint={ENDPOINT}
        model="mobile_sections"
        title="mobileapp:sections.title"
        columns={columns}
        rowKey={(r) => r.section_id}
        defaultSort="arrangement"
        defaultDir="asc"
        toolbar={
          can(`${ENDPOINT}/store`) && (
            <Group gap="xs">
              <Button
                data-list-add
                leftSection={<IconLayoutList size={16} />}
                onClick={() => setEditing({ id: null, kind: "section" })}
                data-testid="section-add"
              >
                {t("sections.addSection")}
              </Button>
              <Button
                variant="light"
                leftSection={<IconPhoto size={16} />}
                onClick={() => setEditing({ id: null, kind: "slider" })}
                data-testid="slider-add"
              >
                {t("sections.addSlider")}
              </Button>
            </Group>
          )
        }
        actions={editDeleteActions<SectionRow>(ENDPOINT, (r) => setEditing({ id: r.section_id, kind: r.kind }), del.ask)}
      />
      {editing && <SectionForm id={editing.id} kind={editing.kind} onClose={() => setEditing(null)} />}
      {del.dialog}
    </>
  );
}
