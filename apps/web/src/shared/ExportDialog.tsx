import { Button, Checkbox, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconFileSpreadsheet } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiBlob, type Query, saveBlob } from "./api/client";
import { AppDialog } from "./DialogHeader";

export interface ExportHeader {
  key: string;
  label: string;
}

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The list endpoint; the file comes from `{endpoint}/export`. */
  endpoint: string;
  /** The list's current query (search, sort, filters) without paging. */
  query: Query;
  headers: ExportHeader[];
  /** Keys ticked when the dialog opens (the visible columns). */
  initiallyChosen: string[];
  fileName: string;
}

/** Export to Excel: the list's endpoint and query with the headers the user picks (SPEC §2). */
export function ExportDialog({ opened, onClose, endpoint, query, headers, initiallyChosen, fileName }: Props) {
  const { t } = useTranslation("table");
  const [chosen, setChosen] = useState<string[]>(initiallyChosen);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-tick the visible columns each time the dialog opens
  useEffect(() => {
    if (opened) setChosen(initiallyChosen);
  }, [opened]);
  const download = useMutation({
    mutationFn: async () => {
      const picked = headers.filter((h) => chosen.includes(h.key));
      const { blob, filename } = await apiBlob(`${endpoint}/export`, { ...query, headers: JSON.stringify(picked) });
      saveBlob(blob, filename ?? `${fileName}.xlsx`);
    },
    onSuccess: onClose,
  });
  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      size="lg"
      testId="export-dialog"
      title={t("exportTitle")}
      icon={<IconFileSpreadsheet size={20} />}
    >
      <Stack p="lg" gap="md">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t("exportColumns")}
          </Text>
          <Checkbox
            label={t("allColumns")}
            checked={chosen.length === headers.length}
            indeterminate={chosen.length > 0 && chosen.length < headers.length}
            onChange={(e) => setChosen(e.currentTarget.checked ? headers.map((h) => h.key) : [])}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          {headers.map((h) => (
            <Checkbox
              key={h.key}
              label={h.label}
              checked={chosen.includes(h.key)}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setChosen((c) => (on ? [...c, h.key] : c.filter((k) => k !== h.key)));
              }}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t("common:cancel")}
          </Button>
          <Button
            leftSection={<IconFileSpreadsheet size={16} />}
            disabled={chosen.length === 0}
            loading={download.isPending}
            onClick={() => download.mutate()}
            data-testid="export-download"
          >
            {t("download")}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
