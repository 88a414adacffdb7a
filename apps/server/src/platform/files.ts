import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { IMAGE_MAX_BYTES, MSG } from "@app/contracts";
import { HttpError } from "./errors.js";

/** Image kind by content (magic bytes), never by the name or the declared type. */
export function sniffImage(buf: Buffer): "jpg" | "png" | undefined {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "jpg";
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  return undefined;
}

/** Checks an uploaded image (type by content, at most 2 MB) and stores it under a name the server makes. */
export async function saveImage(uploadDir: string, value: unknown, field = "image"): Promise<string> {
  if (!Buffer.isBuffer(value)) throw new HttpError(422, MSG.fileTypeNotAllowed, { [field]: [MSG.fileTypeNotAllowed] });
  if (value.length > IMAGE_MAX_BYTES) throw new HttpError(422, MSG.fileTooLarge, { [field]: [MSG.fileTooLarge] });
  const kind = sniffImage(value);
  if (!kind) throw new HttpError(422, MSG.fileTypeNotAllowed, { [field]: [MSG.fileTypeNotAllowed] });
  await mkdir(uploadDir, { recursive: true });
  const name = `${randomUUID()}.${kind}`;
  await writeFile(path.join(uploadDir, name), value, { flag: "wx" });
  return name;
}

const NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png)$/;

/** The stored file for a served name, or undefined: only names the server made can be read. */
export function imagePath(uploadDir: string, name: string): string | undefined {
  if (!NAME.test(name)) return undefined;
  return path.join(uploadDir, name);
}
