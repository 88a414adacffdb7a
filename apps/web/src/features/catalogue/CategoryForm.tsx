import { ZCategory } from "@app/contracts";
import { Select, SimpleGrid, Switch, TextInput } from "@mantine/core";
import { IconCategory } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { CATEGORIES_ENDPOINT, type CategoryRow, categoryTreeQuery, flattenTree, subtreeIds } from "../../shared/api/catalogue";
import { categoryOptions } from "../../shared/categoryOptions";
import { useCrud } from "../../shared/crud";
import { FormDialog } from "../../shared/FormDialog";
import { useZodForm } from "../../shared/useZodForm";

interface Values extends Record<string, unknown> {
  category_name: string;
  category_code: string;
  parent_id: string;
  is_active_online: boolean;
}

/** Add or edit a category; `parentId` pre-fills the parent when adding beneath a tree node. */
export function CategoryForm({ row, parentId, onClose }: { row: CategoryRow | null; parentId?: number | null; onClose: () => void }) {
  const { t } = useTranslation("catalogue");
  const tree = useQuery(categoryTreeQuery);
  const can = useCan();
  const form = useZodForm<Values>({
    category_name: row?.category_name ?? "",
    category_code: row?.category_code ?? "",
    parent_id: row?.parent_id ? String(row.parent_id) : parentId ? String(parentId) : "",
    is_active_online: row?.is_active_online ?? true,
  });
  const { create, update } = useCrud(CATEGORIES_ENDPOINT, { onInvalid: form.applyServerErrors });

  const self = row ? flattenTree(tree.data ?? []).find((f) => f.node.category_id === row.category_id)?.node : undefined;
  const parents = categoryOptions(tree.data ?? [], new Set(self ? subtreeIds(self) : []));

  const submit = () => {
    if (form.values.category_name.trim() === "") {
      form.setErrors({ category_name: t("settings:required") });
      return;
    }
    const body = {
      category_name: form.values.category_name.trim(),
      category_code: form.values.category_code.trim() || null,
      parent_id: form.values.parent_id ? Number(form.values.parent_id) : null,
      is_active_online: form.values.is_active_online,
    };
    if (!form.validate(ZCategory, body)) return;
    if (row) update.mutate({ id: row.category_id, body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  };

  return (
    <FormDialog
      title={row ? t("categories.edit") : t("categories.add")}
      icon={<IconCategory size={20} />}
      onClose={onClose}
      onSubmit={submit}
      saving={create.isPending || update.isPending}
      size="lg"
      testId="category-form"
      saveTestId="category-save"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t("fields.category_name")} withAsterisk {...form.text("category_name")} data-testid="field-category_name" />
        <TextInput label={t("fields.category_code")} {...form.text("category_code")} data-testid="field-category_code" />
        <Select
          label={t("fields.parent_id")}
          placeholder={t("categories.topLevel")}
          data={parents.data}
          renderOption={parents.renderOption}
          value={form.values.parent_id || null}
          onChange={(v) => form.set("parent_id", v ?? "")}
          error={form.error("parent_id")}
          searchable
          clearable
          nothingFoundMessage={t("messages:nothingFound")}
          data-testid="field-parent_id"
        />
        <Switch
          mt={30}
          label={t("fields.is_active_online")}
          checked={form.values.is_active_online}
          // Shown online or hidden: categories/activate (the server refuses a change without it).
          disabled={!can("categories/activate")}
          onChange={(e) => form.set("is_active_online", e.currentTarget.checked)}
        />
      </SimpleGrid>
    </FormDialog>
  );
}
