import type { MenuTreeNode } from "@app/contracts";
import { Checkbox, Chip, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The codes a node grants: its own code when it is a leaf, else its leaves' codes. */
export const leavesOf = (node: MenuTreeNode): string[] => (node.children.length ? node.children.flatMap(leavesOf) : [node.code]);

/** Labels in the user's language, falling back to the server's English name. */
export function usePermissionLabel() {
  const { t } = useTranslation("permissions");
  return (node: MenuTreeNode, depth: number) => {
    if (depth === 0) return t(`groups.${node.code}`, { defaultValue: node.name });
    if (node.code.startsWith("model_loges/")) {
      const section = node.code.slice("model_loges/".length).replace(/_log$/, "");
      return t("log", { section: t(`sections.${section}`, { defaultValue: section }) });
    }
    if (depth === 1) return t(`sections.${node.code}`, { defaultValue: node.name });
    const action = node.code.split("/")[1] ?? node.code;
    return t(`overrides.${node.code}`, { defaultValue: t(`actions.${action}`, { defaultValue: node.name }) });
  };
}

interface Props {
  tree: MenuTreeNode[];
  value: string[];
  onChange: (codes: string[]) => void;
  error?: string;
}

/** The role permission tree from menu/menu_tree, with "Grand All" over everything (SPEC §6). */
export function PermissionTree({ tree, value, onChange, error }: Props) {
  const { t } = useTranslation("roles");
  const label = usePermissionLabel();
  const held = new Set(value);
  const all = tree.flatMap(leavesOf);
  const toggle = (codes: string[], on: boolean) => {
    const next = new Set(held);
    for (const c of codes) {
      if (on) next.add(c);
      else next.delete(c);
    }
    onChange(all.filter((c) => next.has(c)));
  };
  const state = (codes: string[]) => {
    const n = codes.filter((c) => held.has(c)).length;
    return { checked: n > 0 && n === codes.length, indeterminate: n > 0 && n < codes.length };
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Checkbox
          label={t("grandAll")}
          fw={600}
          {...state(all)}
          onChange={(e) => toggle(all, e.currentTarget.checked)}
          data-testid="grand-all"
        />
        <Text size="sm" c="dimmed">
          {t("selectedCount", { count: held.size, total: all.length })}
        </Text>
      </Group>
      {error && (
        <Text c="red" size="sm" data-testid="permissions-error">
          {error}
        </Text>
      )}
      {tree.map((group) => {
        const groupLeaves = leavesOf(group);
        return (
          <Paper key={group.code} className="perm-tree-group" data-testid={`perm-group-${group.code}`}>
            <Checkbox
              label={<Text fw={600}>{label(group, 0)}</Text>}
              {...state(groupLeaves)}
              onChange={(e) => toggle(groupLeaves, e.currentTarget.checked)}
              mb="xs"
            />
            {group.children.every((c) => c.children.length === 0) ? (
              <Group gap={6} ps="lg">
                {group.children.map((leaf) => (
                  <Chip key={leaf.code} size="xs" checked={held.has(leaf.code)} onChange={(on) => toggle([leaf.code], on)}>
                    {label(leaf, 1)}
                  </Chip>
                ))}
              </Group>
            ) : (
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs" ps="lg">
                {group.children.map((section) => {
                  const leaves = leavesOf(section);
                  return (
                    <Stack key={section.code} gap={4}>
                      <Checkbox
                        size="sm"
                        label={label(section, 1)}
                        {...state(leaves)}
                        onChange={(e) => toggle(leaves, e.currentTarget.checked)}
                        data-testid={`perm-section-${section.code}`}
                      />
                      <Group gap={4} ps="lg">
                        {section.children.map((leaf) => (
                          <Chip
                            key={leaf.code}
                            size="xs"
                            variant="outline"
                            checked={held.has(leaf.code)}
                            onChange={(on) => toggle([leaf.code], on)}
                            data-testid={`perm-${leaf.code}`}
                          >
                            {label(leaf, 2)}
                          </Chip>
                        ))}
                      </Group>
                    </Stack>
                  );
                })}
              </SimpleGrid>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
