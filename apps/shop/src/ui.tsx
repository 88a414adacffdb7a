import { Alert, Center, Loader } from "@mantine/core";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, getToken, onToken } from "./api";
import { serverText } from "./i18n";

export const useSignedIn = () => useSyncExternalStore(onToken, () => Boolean(getToken()));

/** A refusal in the API's words (translated), its field messages under it. */
export function ErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const e = error instanceof ApiError ? error : new ApiError(0, "network");
  const fields = Object.values(e.errors)
    .flat()
    .filter((m) => m !== e.message);
  return (
    <Alert color="red" title={t("errors.title")} role="alert">
      {serverText(e.message)}
      {fields.map((m) => (
        <div key={m}>{serverText(m)}</div>
      ))}
    </Alert>
  );
}

/** The first field message of an ApiError for one field, translated. */
export const fieldError = (error: unknown, field: string) =>
  error instanceof ApiError && error.errors[field]?.[0] ? serverText(error.errors[field][0]) : undefined;

export const Loading = () => (
  <Center py="xl">
    <Loader />
  </Center>
);
