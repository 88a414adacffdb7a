import { ZMobileSection } from "@app/contracts";
import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Image,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconLayoutList, IconPhoto, IconTrash, IconUpload } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { categoryTreeQuery } from "../../shared/api/catalogue";
import { api } from "../../shared/api/client";
import { brandsListQuery } from "../../shared/api/settings";
import type { DataBody } from "../../shared/api/types";
import { categoryOptions } from "../../shared/categoryOptions";
import { useCrud } from "../../shared/crud";
import { ItemPicker } from "../../shared/documents/ItemPicker";
import { FormDialog } from "../../shared/FormDialog";
import { moneyFromTyped } from "../../shared/moneyText";
import { notifyError } from "../../shared/notify";
import { useZodForm } from "../../shared/useZodForm";
import { MOBILE_ENDPOINTS, moved, sectionQuery } from "./mobileApp.queries";

interface Values extends Record<string, unknown> {
  kind: "section" | "slider";
  title: string;
  description: string;
  source: "items" | "filters";
  items: { item_id: number; item_name: string }[];
  start_price: string;
  end_price: string;
  category_fk: string;
  brand_fk: string;
  image: string;
  active: boolean;
}

const EMPTY: Values = {
  kind: "section",
  title: "",
  description: "",
  source: "items",
  items: [],
  start_price: "",
  end_price: "",
  category_fk: "",
  brand_fk: "",
  image: "",
  active: true,
};

/** A home section or slider: its title, and either the items chosen one by one or the filters that find them. */
export function SectionForm({ id, kind, onClose }: { id: number | null; kind: "section" | "slider"; onClose: () => void }) {
  const { t } = useTranslation("mobileapp");
  const record = useQuery({ ...sectionQuery(id ?? 0), enabled: id !== null });
  const categories = useQuery(categoryTreeQuery);
  const brands = useQuery(brandsListQuery);
  const form = useZodForm<Values>({ ...EMPTY, kind });
  const { load } = form;
  useEffect(() => {
    const r = record.data;
    if (!r) return;
    load({
      kind: r.kind,
      title: r.title,
      description: r.description ?? "",
      source: r.source,
      items: r.items,
      start_price: r.start_price === null ? "" : String(Number(r.start_price)),
      end_price: r.end_price === null ? "" : String(Number(r.end_price)),
      category_fk: r.category_fk ? String(r.category_fk) : "",
      brand_fk: r.brand_fk ? String(r.brand_fk) : "",
      image: r.image ?? "",
      active: r.active,
    });
  }, [record.data, load]);
  const { create, update } = useCrud(MOBILE_ENDPOINTS.sections, { onInvalid: form.applyServerErrors });
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append("image", file);
      return (await api<DataBody<{ file: string }>>("images", { method: "POST", body })).data.file;
    },
    onSuccess: (name) => form.set("image", name),
    onError: (err) => {
      if (!form.applyServerErrors(err)) notifyError(err);
    },
    meta: { silent: true },
  });

  const v = form.values;
  const submit = () => {
    const body = {
      kind: v.kind,
      title: v.title,
      description: v.description.trim() || null,
      source: v.source,
      item_ids: v.source === "items" ? v.items.map((i) => i.item_id) : [],
      start_price: v.source === "filters" && v.start_price.trim() ? moneyFromTyped(v.start_price.trim()) : null,
      end_price: v.source === "filters" && v.end_price.trim() ? moneyFromTyped(v.end_price.trim()) : null,
      category_fk: v.source === "filters" && v.category_fk ? Number(v.category_fk) : null,
      brand_fk: v.source === "filters" && v.brand_fk ? Number(v.brand_fk) : null,
      image: v.image || null,
      active: v.active,
    };
    if (!form.validate(ZMobileSection, body)) return;
    if (id === null) create.mutate(body, { onSuccess: onClose });
    else update.mutate({ id, body }, { onSuccess: onClose });
  };

  const moveItem = (itemId: number, step: -1 | 1) => {
    const order = moved(
      v.items.map((i) => i.item_id),
      itemId,
      step,
    );
    form.set(
      "items",
      order.map((x) => v.items.find((i) => i.item_id === x)!),
    );
  };
  const categoryChoices = categoryOptions(categories.data ?? []);
  const slider = v.kind === "slider";

  return (
    <FormDialog
      title={t(
        id === null ? (slider ? "sections.addSlider" : "sections.addSection") : slider ? "sections.editSlider" : "sections.editSection",
      )}
      icon={slider ? <IconPhoto size={20} /> : <IconLayoutList size={20} />}
      onClose={onClose}
      onSubmit={submit}
      saving={create.isPending || update.isPending}
      loading={id !== null && record.isPending}
      size="lg"
      testId="section-form"
      saveTestId="section-save"
    >
      <Stack>
        <SegmentedControl
          value={v.kind}
          onChange={(x) => form.set("kind", x as Values["kind"])}
          data={(["section", "slider"] as const).map((x) => ({ value: x, label: t(`kinds.${x}`) }))}
          data-testid="field-kind"
        />
        <TextInput
          label={t("fields.title")}
          withAsterisk
          name="title"
          value={v.title}
          onChange={(e) => form.set("title", e.currentTarget.value)}
          error={form.error("title")}
          data-testid="field-title"
        />
        <Textarea
          label={t("fields.description")}
          autosize
          minRows={2}
          value={v.description}
          onChange={(e) => form.set("description", e.currentTarget.value)}
          error={form.error("description")}
          data-testid="field-description"
        />
        {slider && (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t("fields.image")}
            </Text>
            <Group>
              {v.image && <Image src={`/images/${v.image}`} alt={t("fields.image")} h={80} w="auto" radius="sm" />}
              <FileButton onChange={(f) => f && upload.mutate(f)} accept="image/png,image/jpeg">
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconUpload size={16} />}
                    loading={upload.isPending}
                    data-testid="field-image"
                  >
                    {t(v.image ? "sections.replaceImage" : "sections.uploadImage")}
                  </Button>
                )}
              </FileButton>
            </Group>
            {form.error("image") && (
              <Text size="xs" c="red" role="alert">
                {form.error("image")}
              </Text>
            )}
          </Stack>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t("fields.source")}
          </Text>
          <SegmentedControl
            value={v.source}
            onChange={(x) => form.set("source", x as Values["source"])}
            data={(["items", "filters"] as const).map((x) => ({ value: x, label: t(`sources.${x}`) }))}
            data-testid="field-source"
          />
        </Stack>
        {v.source === "items" ? (
          <Stack gap="xs">
            {/* Keyed by the count: each pick starts a new, empty search. */}
            <ItemPicker
              key={v.items.length}
              value={null}
              label={t("sections.addItem")}
              testId="section-item-picker"
              error={form.error("item_ids")}
              onChange={(item) => {
                if (item && !v.items.some((i) => i.item_id === item.item_id))
                  form.set("items", [...v.items, { item_id: item.item_id, item_name: item.item_name }]);
              }}
            />
            {v.items.length > 0 && (
              <Table withTableBorder data-testid="section-items">
                <Table.Tbody>
                  {v.items.map((i, at) => (
                    <Table.Tr key={i.item_id}>
                      <Table.Td w={32}>{at + 1}</Table.Td>
                      <Table.Td>{i.item_name}</Table.Td>
                      <Table.Td w={110}>
                        <Group gap={2} wrap="nowrap" justify="flex-end">
                          <ActionIcon variant="subtle" size="sm" aria-label={t("moveUp")} onClick={() => moveItem(i.item_id, -1)}>
                            <IconArrowUp size={14} />
                          </ActionIcon>
                          <ActionIcon variant="subtle" size="sm" aria-label={t("moveDown")} onClick={() => moveItem(i.item_id, 1)}>
                            <IconArrowDown size={14} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            size="sm"
                            color="red"
                            aria-label={t("sections.removeItem")}
                            onClick={() =>
                              form.set(
                                "items",
                                v.items.filter((x) => x.item_id !== i.item_id),
                              )
                            }
                          >
                            <IconTrash size={14} />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("fields.start_price")}
              inputMode="decimal"
              value={v.start_price}
              onChange={(e) => form.set("start_price", e.currentTarget.value)}
              error={form.error("start_price")}
              data-testid="field-start_price"
            />
            <TextInput
              label={t("fields.end_price")}
              inputMode="decimal"
              value={v.end_price}
              onChange={(e) => form.set("end_price", e.currentTarget.value)}
              error={form.error("end_price")}
              data-testid="field-end_price"
            />
            <Select
              label={t("fields.category")}
              data={categoryChoices.data}
              renderOption={categoryChoices.renderOption}
              value={v.category_fk || null}
              onChange={(x) => form.set("category_fk", x ?? "")}
              error={form.error("category_fk")}
              searchable
              clearable
              nothingFoundMessage={t("messages:nothingFound")}
              data-testid="field-category_fk"
            />
            <Select
              label={t("fields.brand")}
              data={(brands.data ?? []).map((b) => ({ value: String(b.brand_id), label: b.brand_name }))}
              value={v.brand_fk || null}
              onChange={(x) => form.set("brand_fk", x ?? "")}
              error={form.error("brand_fk")}
              searchable
              clearable
              nothingFoundMessage={t("messages:nothingFound")}
              data-testid="field-brand_fk"
            />
          </SimpleGrid>
        )}
        <Switch
          label={t("common:status.active")}
          checked={v.active}
          onChange={(e) => form.set("active", e.currentTarget.checked)}
          data-testid="field-active"
        />
      </Stack>
    </FormDialog>
  );
}
