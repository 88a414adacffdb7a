import { Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, setToken } from "../api";
import { navigate } from "../router";
import type { Session } from "../types";
import { ErrorAlert, fieldError } from "../ui";

/** Sign in by mobile number and the one-time code the shop sends to it. */
export function SignInScreen({ next }: { next: string }) {
  const { t } = useTranslation();
  const [mobile, setMobile] = useState("");
  const [code, setCode] = useState("");
  const [sent, setSent] = useState(false);
  const ask = useMutation({
    mutationFn: () => api<{ message: string }>("/auth/code", { method: "POST", body: { mobile } }),
    onSuccess: () => setSent(true),
  });
  const verify = useMutation({
    mutationFn: () => api<{ data: Session }>("/auth/verify", { method: "POST", body: { mobile, code } }),
    onSuccess: (r) => {
      setToken(r.data.access_token);
      navigate(next.startsWith("/") ? next : "/", true);
    },
  });
  const submitMobile = (e: FormEvent) => {
    e.preventDefault();
    ask.mutate();
  };
  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    verify.mutate();
  };
  return (
    <Stack maw={420} mx="auto" w="100%">
      <Title order={1} size="h3">
        {t("signIn.title")}
      </Title>
      {!sent ? (
        <form onSubmit={submitMobile}>
          <Stack>
            <TextInput
              label={t("signIn.mobile")}
              description={t("signIn.mobileHint")}
              value={mobile}
              onChange={(e) => setMobile(e.currentTarget.value)}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              dir="ltr"
              error={fieldError(ask.error, "mobile")}
            />
            {ask.error && !fieldError(ask.error, "mobile") && <ErrorAlert error={ask.error} />}
            <Button type="submit" loading={ask.isPending}>
              {t("signIn.sendCode")}
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={submitCode}>
          <Stack>
            <Text>{t("signIn.codeSent", { mobile })}</Text>
            <TextInput
              label={t("signIn.code")}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              dir="ltr"
              error={fieldError(verify.error, "code")}
            />
            {verify.error && !fieldError(verify.error, "code") && <ErrorAlert error={verify.error} />}
            <Button type="submit" loading={verify.isPending}>
              {t("signIn.verify")}
            </Button>
            <Button variant="subtle" onClick={() => setSent(false)}>
              {t("signIn.otherNumber")}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
