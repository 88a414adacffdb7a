import { Badge, Button, Group, SegmentedControl } from "@mantine/core";
import { IconEdit, IconLayoutGrid, IconPlus, IconSitemap, IconTrash, IconWorld } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useCan } from "../../app/session";
import { CATEGORIES_ENDPOINT, type CategoryRow } from "../../shared/api/catalogue";
import { type Column, DataTable, type FilterField } from "../../shared/DataTable";
import { PageHeader } from "../../shared/PageHeader";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { CategoryForm } from "./CategoryForm";
import { CategoryTree } from "./CategoryTree";
import { ONLINE_FILTER, useToggleOnline } from "./useToggleOnline";
import "./catalogue.css";

function OnlineBadge({ on }: { on: boolean }) {
  const { t } = useTranslation("catalogue");
  return (
    <Badge variant="light" color={on ? "teal" : "gray"}>
      {on ? t("online.visible") : t("online.hidden")}
    </Badge>
  );
}

const columns: Column<CategoryRow>[] = [
  { key: "category_id", label: "catalogue:fields.id" },
  { key: "category_name", label: "catalogue:fields.category_name" },
  { key: "category_code", label: "catalogue:fields.category_code" },
  { key: "parent_name", label: "catalogue:fields.parent_id" },
  { key: "is_active_online", label: "catalogue:fields.is_active_online", render: (r) => <OnlineBadge on={r.is_active_online} /> },
];

const filters: FilterField[] = [ONLINE_FILTER];

type View = "grid" | "tree";

/** Categories (SPEC §2): the same records as a grid or as a tree, the choice kept in the address. */
export function CategoriesPage() {
  const { t } = useTranslation("catalogue");
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const view: View = params.get("view") === "tree" ? "tree" : "grid";
  const [editing, setEditing] = useState<{ row: CategoryRow | null; parentId?: number } | null>(null);
  const del = useConfirmDelete<CategoryRow>(CATEGORIES_ENDPOINT, { idOf: (r) => r.category_id, nameOf: (r) => r.category_name });
  const online = useToggleOnline("categories");

  const setView = (v: string) =>
    setParams(
      (prev) => {
        // Grid paging and search do not apply to the tree, so switching starts clean.
        const next = new URLSearchParams();
        if (v === "tree") next.set("view", "tree");
        else for (const [k, val] of prev) if (k !== "view") next.set(k, val);
        return next;
      },
      { replace: true },
    );

  const addButton = can("categories/store") && (
    <Button data-list-add leftSection={<IconPlus size={16} />} onClick={() => setEditing({ row: null })} data-testid="categories-add">
      {t("categories.add")}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t("categories.title")}
        description={t("categories.description")}
        actions={
          <Group gap="sm">
            <SegmentedControl
              value={view}
              onChange={setView}
              data-testid="category-view"
              data={[
                {
                  value: "grid",
                  label: (
                    <Group gap={6} wrap="nowrap" data-testid="view-grid">
                      <IconLayoutGrid size={16} />
                      {t("categories.gridView")}
                    </Group>
                  ),
                },
                {
                  value: "tree",
                  label: (
                    <Group gap={6} wrap="nowrap" data-testid="view-tree">
                      <IconSitemap size={16} />
                      {t("categories.treeView")}
                    </Group>
                  ),
                },
              ]}
            />
            {view === "tree" && addButton}
          </Group>
        }
      />
      {view === "grid" ? (
        <DataTable<CategoryRow>
          endpoint={CATEGORIES_ENDPOINT}
          model="categories"
          title="catalogue:categories.title"
          columns={columns}
          rowKey={(r) => r.category_id}
          filters={filters}
          defaultSort="category_id"
          toolbar={addButton}
          actions={[
            { key: "edit", label: "common:edit", icon: IconEdit, permission: "categories/update", onClick: (r) => setEditing({ row: r }) },
            {
              key: "online",
              label: "catalogue:online.toggle",
              icon: IconWorld,
              permission: "categories/activate",
              onClick: (r) => online.mutate({ id: r.category_id, online: !r.is_active_online }),
            },
            {
              key: "delete",
              label: "common:delete",
              icon: IconTrash,
              color: "red",
              permission: "categories/destroy",
              onClick: del.ask,
            },
          ]}
        />
      ) : (
        <CategoryTree
          onAdd={(parent) => setEditing({ row: null, parentId: parent.category_id })}
          onEdit={(node) => setEditing({ row: node })}
          onDelete={del.ask}
        />
      )}
      {editing && <CategoryForm row={editing.row} parentId={editing.parentId} onClose={() => setEditing(null)} />}
      {del.dialog}
    </>
  );
}
