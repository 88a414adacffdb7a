import { IMAGE_MAX_BYTES, MSG } from "@app/contracts";
import { ActionIcon, Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { IconPhotoPlus, IconX } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../app/i18n";
import { api } from "./api/client";
import type { DataBody } from "./api/types";
import { notifyError } from "./notify";

const ALLOWED = ["image/jpeg", "image/png"];

/** The SPEC §5 image rules checked before upload, so a wrong file never leaves the browser. */
export function imageProblem(file: { type: string; size: number; name: string }): string | null {
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  if (!ALLOWED.includes(file.type) || !["jpeg", "jpg", "png"].includes(ext)) return MSG.fileTypeNotAllowed;
  if (file.size > IMAGE_MAX_BYTES) return MSG.fileTooLarge;
  return null;
}

/** Item images: uploaded one by one to /api/images, the item keeps the stored names. */
export function ItemImages({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const { t } = useTranslation("catalogue");
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append("image", file);
      return (await api<DataBody<{ file: string }>>("images", { method: "POST", body })).data.file;
    },
    onError: notifyError,
    meta: { silent: true },
  });

  const add = async (files: File[]) => {
    setProblem(null);
    const names: string[] = [];
    for (const f of files) {
      const p = imageProblem(f);
      if (p) {
        setProblem(p);
        continue;
      }
      names.push(await upload.mutateAsync(f));
    }
    if (names.length) onChange([...value, ...names]);
  };

  return (
    <Stack gap="sm">
      <Group gap="sm">
        {value.map((name) => (
          <div key={name} style={{ position: "relative" }}>
            <img src={`/images/thumbs/${name}`} alt="" className="item-thumb" />
            <ActionIcon
              size="xs"
              radius="xl"
              color="red"
              style={{ position: "absolute", insetBlockStart: -6, insetInlineEnd: -6 }}
              onClick={() => onChange(value.filter((v) => v !== name))}
              aria-label={t("images.remove")}
            >
              <IconX size={12} />
            </ActionIcon>
          </div>
        ))}
        <FileButton onChange={(f) => void add(f)} accept="image/png,image/jpeg" multiple>
          {(props) => (
            <Button
              {...props}
              variant="default"
              h={72}
              leftSection={<IconPhotoPlus size={18} />}
              loading={upload.isPending}
              data-testid="image-add"
            >
              {t("images.add")}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c={problem ? "red" : "dimmed"}>
        {problem ? translateMessage(problem) : t("images.hint")}
      </Text>
    </Stack>
  );
}
