import { MSG, type TokenResponse } from "@app/contracts";
import { Alert, Stack } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { translateMessage } from "../../app/i18n";
import { ApiError, api } from "../../shared/api/client";

/** What a failed sign-in shows above the form: none when its field errors say it. */
export const failureText = (err: unknown): string | null => {
  if (!(err instanceof ApiError)) return err ? translateMessage(MSG.unauthorized) : null;
  if (err.status === 422 && err.body.errors) return null;
  return typeof err.body.message === "string" ? translateMessage(err.body.message) : translateMessage(MSG.unauthorized);
};

/** A sign-in call: its failure shows above the form, its field errors on the fields. */
export function useLogin<B, R = TokenResponse>(path: string, onDone: (b: R) => void, onInvalid: (err: unknown) => void) {
  return useMutation({
    mutationFn: (body: B) => api<R>(path, { method: "POST", body }),
    meta: { silent: true },
    onSuccess: onDone,
    onError: onInvalid,
  });
}

/** Both sign-in forms: the failure above the fields, submit on Enter, no browser validation. */
export function LoginForm({
  failure,
  onSubmit,
  children,
}: {
  failure: string | null | undefined;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="md">
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="login-error">
            {failure}
          </Alert>
        )}
        {children}
      </Stack>
    </form>
  );
}
