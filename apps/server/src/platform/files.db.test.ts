import { IMAGE_MAX_BYTES, MSG } from "@app/contracts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../test/harness.js";
import { imagePath, sniffImage, THUMB_SIZE } from "./files.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const image = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } });
let PNG: Buffer;
let JPG: Buffer;
beforeAll(async () => {
  PNG = await image(800, 600).png().toBuffer();
  JPG = await image(40, 30).jpeg().toBuffer();
});

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
    expect(sniffImage(Buffer.concat([PNG_MAGIC, Buffer.from("rest of a png")]))).toBe("png");
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]))).toBe("jpg");
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
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: "png", width: 800, height: 600 });
    const thumb = await t.app.inject({ method: "GET", url: `/images/thumbs/${res.body.data.file}` });
    expect(thumb.statusCode).toBe(200);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: "png", width: THUMB_SIZE, height: 192 });
    const jpg = await upload("file", "photo.jpeg", JPG, "image/jpeg");
    expect(jpg.body.data.file).toMatch(/\.jpg$/);
    // A thumbnail never enlarges.
    const small = await t.app.inject({ method: "GET", url: `/images/thumbs/${jpg.body.data.file}` });
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: "jpeg", width: 40, height: 30 });
  });

  it("keeps neither metadata (the camera's location) nor anything after the image data", async () => {
    const tagged = await image(64, 48)
      .jpeg()
      .withExif({ IFD0: { Copyright: "secret-owner", ImageDescription: "shop-location" }, IFD3: { GPSLatitudeRef: "N" } })
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const payload = Buffer.from("<script>trailing-payload</script>");
    const res = await upload("image", "photo.jpg", Buffer.concat([tagged, payload]), "image/jpeg");
    expect(res.status).toBe(201);
    const stored = (await t.app.inject({ method: "GET", url: `/images/${res.body.data.file}` })).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    for (const text of ["secret-owner", "shop-location", "trailing-payload", "Exif"]) expect(stored.includes(text), text).toBe(false);
    const png = await image(10, 10)
      .png()
      .withExif({ IFD0: { Copyright: "secret-owner" } })
      .toBuffer();
    const pngRes = await upload("image", "p.png", Buffer.concat([png, payload]), "image/png");
    const pngStored = (await t.app.inject({ method: "GET", url: `/images/${pngRes.body.data.file}` })).rawPayload;
    expect(pngStored.includes("secret-owner")).toBe(false);
    expect(pngStored.includes("trailing-payload")).toBe(false);
  });

  it("refuses right magic bytes over data that is not an image", async () => {
    for (const bytes of [Buffer.concat([PNG_MAGIC, Buffer.from("rest of a png")]), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])]) {
      const res = await upload("image", "x.png", bytes, "image/png");
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(MSG.fileTypeNotAllowed);
    }
  });

  it("takes only image names the server issued in form fields", async () => {
    const issued = (await upload("image", "me.png", PNG, "image/png")).body.data.file as string;
    const user = (name: unknown, n: number) =>
      t.api("POST", "/api/users", {
        body: {
          user_name: `photo${n}`,
          email: `photo${n}@example.com`,
          new_password: TEST_PASSWORD,
          new_password_confirmation: TEST_PASSWORD,
          user_image_path: name,
        },
      });
    for (const [i, name] of ["../../etc/passwd", "http://evil.example/x.png", "0a0a0a0a-0000-4000-8000-000000000000.png"].entries()) {
      const res = await user(name, i);
      expect(res.status, name).toBe(422);
      expect(res.body.errors.user_image_path).toEqual(["The selected image is invalid."]);
    }
    const ok = await user(issued, 9);
    expect(ok.status).toBe(201);
    expect(ok.body.data.user_image_path).toBe(issued);
    // The staff list answers the name, whose thumbnail the list shows.
    const listed = await t.api("GET", "/api/users?search=photo9");
    expect(listed.body.data.data[0].user_image_path).toBe(issued);
    expect((await t.app.inject({ method: "GET", url: `/images/thumbs/${issued}` })).statusCode).toBe(200);
    const cleared = await t.api("PATCH", `/api/users/${ok.body.data.user_id}`, {
      body: { user_name: "photo9", email: "photo9@example.com", user_image_path: "" },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.data.user_image_path).toBeNull();
    const profile = (await t.api("GET", "/api/system_profiles/show/1")).body.data;
    const logo = await t.api("POST", "/api/system_profiles_update/1", {
      body: { ...profile, _method: "PATCH", shop_logo: "0a0a0a0a-0000-4000-8000-000000000000.png" },
    });
    expect(logo.status, JSON.stringify(logo.body)).toBe(422);
    expect(logo.body.errors.shop_logo).toEqual(["The selected image is invalid."]);
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
    // A small picture padded to the limit: taken, and stored without the padding.
    const exact = Buffer.alloc(IMAGE_MAX_BYTES);
    PNG.copy(exact);
    const ok = await upload("image", "exact.png", exact, "image/png");
    expect(ok.status).toBe(201);
    const stored = await t.app.inject({ method: "GET", url: `/images/${ok.body.data.file}` });
    expect(stored.rawPayload.length).toBeLessThan(PNG.length * 2);
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
