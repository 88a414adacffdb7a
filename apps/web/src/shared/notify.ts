import { TOKEN_EXPIRED } from "@app/contracts";
import { notifications } from "@mantine/notifications/store";
import i18n, { translateMessage } from "../app/i18n";
import { ApiError } from "./api/client";

const fieldLabel = (field: string) => i18n.t(`fields:${field}`, { defaultValue: field });

const firstOf = (v: unknown): string => (Array.isArray(v) ? String(v[0] ?? "") : String(v ?? ""));

/** "field: first message" for every field of an errors object (SPEC §8). */
export function errorLines(errors: Record<string, unknown>): string[] {
  return Object.entries(errors).map(([field, msgs]) => `${fieldLabel(field)}: ${translateMessage(firstOf(msgs))}`);
}

/**
 * The text an error notice shows, or null when SPEC §8 says to show nothing: 400 answers,
 * expired tokens and token-argument failures.
 */
export function errorText(err: unknown): string | null {
  if (err instanceof ApiError) {
    if (err.status === 400) return null;
    const { message, errors } = err.body;
    if (errors && typeof errors === "object" && Object.keys(errors).length > 0) return errorLines(errors).join("\n");
    if (message && typeof message === "object") return errorLines(message as Record<string, unknown>).join("\n");
    const text = typeof message === "string" ? message : "";
    if (text.includes(TOKEN_EXPIRED) || (/token/i.test(text) && /argument/i.test(text))) return null;
    const sql = /SQLSTATE\[(\w+)\]/.exec(text);
    if (sql) return i18n.t("common:databaseError", { code: sql[1] });
    return text ? translateMessage(text) : i18n.t("common:unexpectedError");
  }
  if (err instanceof TypeError) return i18n.t("common:networkError");
  return i18n.t("common:unexpectedError");
}

export function notifyError(err: unknown) {
  const text = errorText(err);
  if (text === null) return;
  notifications.show({ color: "red", title: i18n.t("common:errorTitle"), message: text, style: { whiteSpace: "pre-line" } });
}

/** A warning the user must read, already in their language (a POS sale kept for review). */
export function notifyWarning(text: string) {
  notifications.show({ color: "orange", message: text, autoClose: false });
}

/** Shows a server success text ("Added Successfully" ...) in the current language. */
export function notifySuccess(text: string) {
  notifications.show({ color: "teal", message: translateMessage(text) });
}
