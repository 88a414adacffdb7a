import { ZRole } from "@app/contracts";
import { ScrollArea, TextInput } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { PermissionTree } from "../../app/PermissionTree";
import { menuTreeQuery, ROLES_ENDPOINT, roleQuery } from "../../shared/api/roles";
import { useCrud } from "../../shared/crud";
import { FormDialog } from "../../shared/FormDialog";
import { useZodForm } from "../../shared/useZodForm";

export function RoleForm({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation("roles");
  const creating = id === null;
  const record = useQuery({ ...roleQuery(id ?? 0), enabled: !creating });
  const tree = useQuery(menuTreeQuery);
  const form = useZodForm<{ role_name: string; permissions: string[] }>({ role_name: "", permissions: [] });
  const { create, update } = useCrud(ROLES_ENDPOINT, { onInvalid: form.applyServerErrors });
  const { load } = form;
  useEffect(() => {
    if (record.data) load({ role_name: record.data.role_name, permissions: record.data.permissions });
  }, [record.data, load]);

  const submit = () => {
    const body = form.validate(ZRole);
    if (!body) return;
    if (creating) create.mutate(body, { onSuccess: onClose });
    else update.mutate({ id, body }, { onSuccess: onClose });
  };

  return (
    <FormDialog
      title={creating ? t("add") : t("edit")}
      icon={<IconShieldLock size={20} />}
      onClose={onClose}
      size="80rem"
      onSubmit={submit}
      saving={create.isPending || update.isPending}
      loading={(!creating && record.isPending) || tree.isPending}
      testId="role-form"
      saveTestId="role-save"
    >
      <TextInput label={t("fields.role_name")} withAsterisk maw={420} {...form.text("role_name")} />
      <ScrollArea.Autosize mah="60vh" type="auto" offsetScrollbars>
        <PermissionTree
          tree={tree.data ?? []}
          value={form.values.permissions}
          onChange={(codes) => form.set("permissions", codes)}
          error={form.error("permissions")}
        />
      </ScrollArea.Autosize>
    </FormDialog>
  );
}
