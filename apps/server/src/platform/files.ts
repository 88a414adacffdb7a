import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { IMAGE_MAX_BYTES, MSG } from "@app/contracts";
import type { Sharp } from "sharp";
import { fieldError, HttpError } from "./errors.js";

/** Image kind by content (magic bytes), never by the name or the declared type. */
export function sniffImage(buf: Buffer): "jpg" | "png" | undefined {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "jpg";
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  return undefined;
}

/** Longest side of the thumbnails lists show. */
export const THUMB_SIZE = 256;
/** Pixels an upload may decode to (a 2 MB file can claim a billion): 40 megapixels, more than any phone camera. */
const MAX_PIXELS = 40_000_000;

const refused = (field: string) => new HttpError(422, MSG.fileTypeNotAllowed, { [field]: [MSG.fileTypeNotAllowed] });

/**
 * The image decoded and written again in its own format, turned upright: whatever followed the
 * image data and every metadata block (EXIF with the camera's location, comments, ICC names) is
 * left behind. Answers the image and its thumbnail.
 */
async function reencode(value: Buffer, kind: "jpg" | "png", field: string): Promise<{ image: Buffer; thumb: Buffer }> {
  // Loaded with the first upload rather than at start: sharp and its native library are large.
  const { default: sharp } = await import("sharp");
  const open = () => sharp(value, { limitInputPixels: MAX_PIXELS, failOn: "error" }).rotate();
  const write = (img: Sharp) => (kind === "png" ? img.png() : img.jpeg({ quality: 88 })).toBuffer();
  try {
    return {
      image: await write(open()),
      thumb: await write(open().resize(THUMB_SIZE, THUMB_SIZE, { fit: "inside", withoutEnlargement: true })),
    };
  } catch {
    throw refused(field);
  }
}

/**
 * Checks an uploaded image (type by content, at most 2 MB, decodable), re-encodes it and stores
 * it with its thumbnail (`thumbs/`) under a name the server makes.
 */
export async function saveImage(uploadDir: string, value: unknown, field = "image"): Promise<string> {
  if (!Buffer.isBuffer(value)) throw refused(field);
  if (value.length > IMAGE_MAX_BYTES) throw new HttpError(422, MSG.fileTooLarge, { [field]: [MSG.fileTooLarge] });
  const kind = sniffImage(value);
  if (!kind) throw refused(field);
  const { image, thumb } = await reencode(value, kind, field);
  await mkdir(path.join(uploadDir, "thumbs"), { recursive: true });
  const name = `${randomUUID()}.${kind}`;
  await writeFile(path.join(uploadDir, "thumbs", name), thumb, { flag: "wx" });
  await writeFile(path.join(uploadDir, name), image, { flag: "wx" });
  return name;
}

const NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png)$/;

/** The stored file for a served name, or undefined: only names the server made can be read. */
export function imagePath(uploadDir: string, name: string, thumb = false): string | undefined {
  if (!NAME.test(name)) return undefined;
  return thumb ? path.join(uploadDir, "thumbs", name) : path.join(uploadDir, name);
}

/**
 * A stored image's name sent back in a form field: it must be one the server issued (its name
 * form, and the file the server wrote under it exists), else 422 on the field.
 */
export function issuedImage(uploadDir: string, name: unknown, field: string): string {
  const file = typeof name === "string" ? imagePath(uploadDir, name) : undefined;
  if (!file || !existsSync(file)) throw fieldError(field, "The selected image is invalid.");
  return name as string;
}
