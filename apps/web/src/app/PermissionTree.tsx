import { CHAIN_VERIFY_KEY, type MenuTreeNode } from "@app/contracts";
import { Checkbox, Chip, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { FEATURES } from "../features/index";

/** Report sections hold one key per report: only the reports that exist are offered. */
const PER_KEY_SECTIONS = new Set(["reports", "financial_reports"]);

/**
 * What the product has screens for: the sections (or, for reports, the keys) the screens'
 * permissions name. The catalogue keeps keys for modules not built yet; they are not offered.
 */
function builtKeys() {
  const keys = FEATURES.flatMap((f) =>
    f.permission === undefined ? [] : typeof f.permission === "string" ? f.permission.split("##") : [...f.permission],
  );
  const sections = new Set(keys.map((k) => k.split("/")[0]!).filter((x) => !PER_KEY_SECTIONS.has(x)));
  return { sections, keys: new Set(keys) };
}

/** The catalogue's tree without the sections of modules not built yet (and groups left empty). */
export function builtTree(tree: MenuTreeNode[]): MenuTreeNode[] {
  const { sections, keys } = builtKeys();
  const shown = (code: string) => {
    if (code === CHAIN_VERIFY_KEY) return true;
    const log = /^model_loges\/(.+)_log$/.exec(code)?.[1];
    if (log) return sections.has(log);
    const [section] = code.split("/");
    return PER_KEY_SECTIONS.has(section!) ? keys.has(code) : sections.has(section!);
  };
  const prune = (node: MenuTreeNode): MenuTreeNode | null => {
    if (!node.children.length) return shown(node.code) ? node : null;
    const children = node.children.map(prune).filter((c): c is MenuTreeNode => c !== null);
    return children.length ? { ...node, children } : null;
  };
  return tree.map(prune).filter((n): n is MenuTreeNode => n !== null);
}

/** The codes a node grants: its own code when it is a leaf, else its leaves' codes. */
export const leavesOf = (node: MenuTreeNode): string[] => (node.children.length ? node.children.flatMap(leavesOf) : [node.code]);

/** Labels in the user's language, falling back to the server's English name. */
export function usePermissionLabel() {
  const { t } = useTranslation("permissions");
  return (node: MenuTreeNode, depth: number) => {
    if (depth === 0) return t(`groups.${node.code}`, { defaultValue: node.name });
    if (node.code === CHAIN_VERIFY_KEY) return t("verify_chain");
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
  /** Keys the user has through their role: shown as held, not changed here. */
  fromRole?: readonly string[];
}

/** The permission tree from menu/menu_tree, with "Grant all" over everything (SPEC §6). */
export function PermissionTree({ tree: catalogue, value, onChange, error, fromRole = [] }: Props) {
  const { t } = useTranslation("roles");
  const label = usePermissionLabel();
  const tree = useMemo(() => builtTree(catalogue), [catalogue]);
  const all = tree.flatMap(leavesOf);
  const shownKeys = new Set(all);
  const role = new Set(fromRole.filter((c) => shownKeys.has(c)));
  const own = new Set(value);
  const held = new Set([...own, ...role]);
  const toggle = (codes: string[], on: boolean) => {
    const next = new Set(own);
    for (const c of codes) {
      if (role.has(c)) continue;
      if (on) next.add(c);
      else next.delete(c);
    }
    // Keys of modules not shown stay as they were.
    onChange([...value.filter((c) => !shownKeys.has(c)), ...all.filter((c) => next.has(c))]);
  };
  const state = (codes: string[]) => {
    const n = codes.filter((c) => held.has(c)).length;
    return { checked: n > 0 && n === codes.length, indeterminate: n > 0 && n < codes.length };
  };
  const ownShown = all.filter((c) => own.has(c) && !role.has(c)).length;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Checkbox
          label={t("grantAll")}
          fw={600}
          {...state(all)}
          onChange={(e) => toggle(all, e.currentTarget.checked)}
          data-testid="grant-all"
        />
        <Text size="sm" c="dimmed" data-testid="permissions-count">
          {role.size > 0
            ? t("fromRoleCount", { role: role.size, own: ownShown, total: all.length })
            : t("selectedCount", { count: ownShown, total: all.length })}
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
                  <Chip
                    key={leaf.code}
                    size="xs"
                    checked={held.has(leaf.code)}
                    disabled={role.has(leaf.code)}
                    onChange={(on) => toggle([leaf.code], on)}
                  >
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
                            disabled={role.has(leaf.code)}
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
