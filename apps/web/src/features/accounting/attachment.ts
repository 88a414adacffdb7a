import { IMAGE_MAX_BYTES, IMAGE_TYPES, MSG } from "@app/contracts";

/** SPEC §5 image rules, checked before upload (the server checks the content again). */
export function imageProblem(file: File): string | null {
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  if (!(IMAGE_TYPES as readonly string[]).includes(ext)) return MSG.fileTypeNotAllowed;
  if (file.size > IMAGE_MAX_BYTES) return MSG.fileTooLarge;
  return null;
}
