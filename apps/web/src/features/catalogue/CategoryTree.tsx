import { normalizeSearch } from "@app/contracts";
import { ActionIcon, Badge, Box, Collapse, Group, Paper, Stack, Text, TextInput, Tooltip, UnstyledButton } from "@mantine/core";
import { IconChevronRight, IconEdit, IconFolder, IconFolderOpen, IconPlus, IconSearch, IconTrash } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { type CategoryNode, categoryTreeQuery } from "../../shared/api/catalogue";

interface Actions {
  onAdd: (parent: CategoryNode) => void;
  onEdit: (node: CategoryNode) => void;
  onDelete: (node: CategoryNode) => void;
}

/** Keeps the nodes whose name or code matches, with the path that leads to them. */
function filterTree(nodes: CategoryNode[], term: string): CategoryNode[] {
  if (!term) return nodes;
  return nodes.flatMap((n) => {
    const children = filterTree(n.children ?? [], term);
    const hit = normalizeSearch(`${n.category_name} ${n.category_code ?? ""}`).includes(term);
    return hit || children.length ? [{ ...n, children: hit ? (n.children ?? []) : children }] : [];
  });
}

/** The category tree view (SPEC §2): parents open to show their sub-categories and product types. */
export function CategoryTree(actions: Actions) {
  const { t } = useTranslation("catalogue");
  const tree = useQuery(categoryTreeQuery);
  const [search, setSearch] = useState("");
  const term = normalizeSearch(search.trim());
  const nodes = filterTree(tree.data ?? [], term);

  return (
    <Paper withBorder radius="md" p="md" data-testid="category-tree">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t("table:search")}
        aria-label={t("table:search")}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={320}
        mb="md"
      />
      {tree.isPending && <Text c="dimmed">{t("categories.loading")}</Text>}
      {!tree.isPending && nodes.length === 0 && (
        <Text ta="center" c="dimmed" py="xl">
          {t("messages:noResults")}
        </Text>
      )}
      <Stack gap={2} role="tree">
        {nodes.map((n) => (
          <TreeNode key={n.category_id} node={n} depth={0} forceOpen={term !== ""} {...actions} />
        ))}
      </Stack>
    </Paper>
  );
}

function TreeNode({ node, depth, forceOpen, ...actions }: { node: CategoryNode; depth: number; forceOpen: boolean } & Actions) {
  const { t } = useTranslation("catalogue");
  const can = useCan();
  const [open, setOpen] = useState(depth === 0);
  const children = node.children ?? [];
  const expanded = forceOpen || open;
  const FolderIcon = expanded && children.length ? IconFolderOpen : IconFolder;

  return (
    <Box role="treeitem" aria-expanded={children.length ? expanded : undefined} data-testid="tree-node">
      <Group className="tree-row" gap="xs" wrap="nowrap" style={{ paddingInlineStart: depth * 24 }}>
        <UnstyledButton
          onClick={() => setOpen((o) => !o)}
          aria-label={expanded ? t("categories.collapse") : t("categories.expand")}
          style={{ visibility: children.length ? "visible" : "hidden", display: "flex" }}
        >
          <IconChevronRight size={16} className={expanded ? "tree-chevron open" : "tree-chevron flip-rtl"} />
        </UnstyledButton>
        <FolderIcon size={18} stroke={1.6} color="var(--mantine-color-yellow-7)" />
        <Text fw={depth === 0 ? 600 : 400} style={{ flex: 1 }} truncate>
          {node.category_name}
        </Text>
        {node.category_code && (
          <Badge variant="outline" color="gray" size="sm">
            {node.category_code}
          </Badge>
        )}
        {children.length > 0 && (
          <Text size="xs" c="dimmed">
            {t("categories.childCount", { count: children.length })}
          </Text>
        )}
        <Badge variant="light" size="sm" color={node.is_active_online ? "teal" : "gray"}>
          {node.is_active_online ? t("online.visible") : t("online.hidden")}
        </Badge>
        <Group gap={2} wrap="nowrap" className="tree-actions">
          {can("categories/store") && (
            <Tooltip label={t("categories.addChild")}>
              <ActionIcon variant="subtle" size="sm" onClick={() => actions.onAdd(node)} aria-label={t("categories.addChild")}>
                <IconPlus size={14} />
              </ActionIcon>
            </Tooltip>
          )}
          {can("categories/update") && (
            <Tooltip label={t("common:edit")}>
              <ActionIcon variant="subtle" size="sm" onClick={() => actions.onEdit(node)} aria-label={t("common:edit")}>
                <IconEdit size={14} />
              </ActionIcon>
            </Tooltip>
          )}
          {can("categories/destroy") && (
            <Tooltip label={t("common:delete")}>
              <ActionIcon variant="subtle" size="sm" color="red" onClick={() => actions.onDelete(node)} aria-label={t("common:delete")}>
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      {children.length > 0 && (
        <Collapse expanded={expanded}>
          <Stack gap={2} role="group">
            {children.map((c) => (
              <TreeNode key={c.category_id} node={c} depth={depth + 1} forceOpen={forceOpen} {...actions} />
            ))}
          </Stack>
        </Collapse>
      )}
    </Box>
  );
}
