import { EXCEL_MAX_BYTES, type ImportRowError, MSG } from "@app/contracts";

/** SPEC §5 checks before the upload: an xlsx file, under 2 MB. */
export function importFileProblem(file: { name: string; size: number } | null): string | null {
  if (!file) return MSG.excelRequired;
  if (!file.name.toLowerCase().endsWith(".xlsx")) return MSG.fileTypeNotAllowed;
  if (file.size >= EXCEL_MAX_BYTES) return MSG.fileTooLarge;
  return null;
}

const ROW_KEY = /^(?:rows?[.[ ]?)(\d+)\]?(?:[.\]]\s*([\w ]+))?$/i;

const isRowError = (v: unknown): v is ImportRowError =>
  typeof v === "object" && v !== null && "row" in v && "reason" in v && typeof (v as ImportRowError).reason === "string";

/**
 * The per-row problems of a refused import, whichever shape the answer takes: a list of
 * {row, column, reason} (under `rows`, `errors` or `data.errors`), or an errors object keyed
 * `row.{n}.{column}`. Sorted by row, so the dialog reads like the sheet.
 */
export function importRowErrors(body: unknown): ImportRowError[] {
  if (typeof body !== "object" || body === null) return [];
  const b = body as Record<string, unknown>;
  const data = b.data as Record<string, unknown> | undefined;
  for (const candidate of [b.rows, b.errors, data?.errors, data?.rows]) {
    if (Array.isArray(candidate)) return candidate.filter(isRowError).sort((x, y) => x.row - y.row);
  }
  const out: ImportRowError[] = [];
  if (b.errors && typeof b.errors === "object") {
    for (const [key, msgs] of Object.entries(b.errors as Record<string, unknown>)) {
      const m = ROW_KEY.exec(key);
      const reason = Array.isArray(msgs) ? String(msgs[0] ?? "") : String(msgs ?? "");
      if (m?.[1]) out.push({ row: Number(m[1]), column: m[2]?.trim() ?? "", reason });
    }
  }
  return out.sort((x, y) => x.row - y.row);
}
