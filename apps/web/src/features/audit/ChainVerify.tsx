import { type AuditChainResult, CHAIN_VERIFY_KEY } from "@app/contracts";
import { Alert, Button, Code, Group, Stack, Text } from "@mantine/core";
import { IconLink, IconLinkOff, IconShieldCheck } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { api } from "../../shared/api/client";
import { notifyError } from "../../shared/notify";

/** What a verification answered: the head it ended at, the rows it checked, the first row that did not match. */
export function ChainVerifyResult({ result }: { result: AuditChainResult }) {
  const { t } = useTranslation("auditchain");
  const mismatch = result.first_mismatch;
  return (
    <Alert
      color={result.ok ? "teal" : "red"}
      icon={result.ok ? <IconLink size={18} /> : <IconLinkOff size={18} />}
      title={result.ok ? t("ok") : t("broken")}
      data-testid="chain-verify-result"
      data-ok={result.ok}
    >
      <Stack gap={4}>
        <Text size="sm" data-testid="chain-rows-checked">
          {t("rowsChecked", { count: result.rows_checked })}
        </Text>
        {mismatch && (
          <Text size="sm" fw={600} data-testid="chain-first-mismatch">
            {t("firstMismatch", { id: mismatch.id, reason: t(`reasons.${mismatch.reason}`) })}
          </Text>
        )}
        <Group gap={6} wrap="nowrap" align="baseline">
          <Text size="sm">{result.head.id === null ? t("headEmpty") : t("head", { id: result.head.id })}</Text>
          <Code dir="ltr" style={{ wordBreak: "break-all" }} data-testid="chain-head-hash">
            {result.head.hash}
          </Code>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * "Verify chain": walks the audit log's hash chain on the server (`POST /api/model_loges/verify`)
 * and shows its answer. Shown to holders of `model_loges/verify` only.
 */
export function ChainVerify() {
  const { t } = useTranslation("auditchain");
  const can = useCan();
  const verify = useMutation({
    mutationFn: () => api<{ data: AuditChainResult }>("model_loges/verify", { method: "POST" }).then((r) => r.data),
    onError: (err) => notifyError(err),
  });
  if (!can(CHAIN_VERIFY_KEY)) return null;
  return (
    <Stack gap="xs" data-testid="chain-verify">
      <Group>
        <Button
          variant="light"
          leftSection={<IconShieldCheck size={16} />}
          loading={verify.isPending}
          onClick={() => verify.mutate()}
          data-testid="chain-verify-button"
        >
          {t("verify")}
        </Button>
        <Text size="sm" c="dimmed">
          {t("explained")}
        </Text>
      </Group>
      {verify.data && <ChainVerifyResult result={verify.data} />}
    </Stack>
  );
}
