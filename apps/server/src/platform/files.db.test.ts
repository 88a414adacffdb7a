import { IMAGE_MAX_BYTES, MSG } from "@app/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { imagePath, sniffImage } from "./files.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("rest of a png")]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("rest of a jpeg")]);

function upload(field: string, filename: string, content: Buffer, type: string) {
  const boundary = "----souqimageboundary";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.api("POST", "/api/images", { body: payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } });
}

describe("images", () => {
  it("tells the type by content", () => {
    expect(sniffImage(PNG)).toBe("png");
    expect(sniffImage(JPG)).toBe("jpg");
    expect(sniffImage(Buffer.from("GIF89a..."))).toBeUndefined();
    expect(sniffImage(Buffer.alloc(0))).toBeUndefined();
  });

  it("stores under a server-made name and serves it at /images/{file}", async () => {
    const res = await upload("image", "../../etc/passwd.png", PNG, "image/png");
    expect(res.status).toBe(201);
    expect(res.body.data.file).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(res.body.data.url).toBe(`/images/${res.body.data.file}`);
    const served = await t.app.inject({ method: "GET", url: res.body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const jpg = await upload("file", "photo.jpeg", JPG, "image/jpeg");
    expect(jpg.body.data.file).toMatch(/\.jpg$/);
  });

  it('refuses what is not a jpeg or png: "File type is not allowed"', async () => {
    for (const [name, content, type] of [
      ["fake.png", Buffer.from("hello, I am text"), "image/png"],
      ["anim.gif", Buffer.from("GIF89a\x01\x00"), "image/gif"],
      ["page.jpg", Buffer.from("<svg onload=alert(1)>"), "image/jpeg"],
    ] as const) {
      const res = await upload("image", name, content, type);
      expect(res.status, name).toBe(422);
      expect(res.body.message).toBe(MSG.fileTypeNotAllowed);
      expect(res.body.errors.image).toEqual([MSG.fileTypeNotAllowed]);
    }
  });

  it('refuses more than 2,097,152 bytes: "File size is more than 2M", and takes exactly that many', async () => {
    const big = Buffer.alloc(IMAGE_MAX_BYTES + 1);
    PNG.copy(big);
    const res = await upload("image", "big.png", big, "image/png");
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(MSG.fileTooLarge);
    const exact = Buffer.alloc(IMAGE_MAX_BYTES);
    PNG.copy(exact);
    expect((await upload("image", "exact.png", exact, "image/png")).status).toBe(201);
  });

  it("never opens a path outside the folder", async () => {
    for (const url of [
      "/images/../../../etc/passwd",
      "/images/..%2F..%2Fetc%2Fpasswd",
      "/images/%2e%2e%2f%2e%2e%2fpackage.json",
      "/images/..%5c..%5cpackage.json",
      "/images/....//....//etc/passwd",
      "/images/00000000-0000-0000-0000-000000000000.png",
      "/images/%00.png",
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain("root:");
    }
    expect(imagePath("/srv/images", "../x.png")).toBeUndefined();
    expect(imagePath("/srv/images", "0a0a0a0a-0000-4000-8000-000000000000.png")).toBe(
      "/srv/images/0a0a0a0a-0000-4000-8000-000000000000.png",
    );
    const missing = await t.app.inject({ method: "GET", url: "/images/0a0a0a0a-0000-4000-8000-000000000000.png" });
    expect(missing.json().message).toBe(MSG.imageLinkUnavailable);
  });
});
