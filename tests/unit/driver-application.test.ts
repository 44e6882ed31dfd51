import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import {
  assembleChunksSchema,
  DRIVER_APPLICATION_MESSAGES,
  driverApplicationApiSchema,
  driverApplicationFormSchema,
  UPLOAD_PATH,
  uploadChunkSchema,
} from "~/schemas/driver-application";

const path = (ext = "pdf") => `uploads/${"a1".repeat(32)}.${ext}`;
const pdf = () =>
  new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], "licence.pdf", { type: "application/pdf" });
const jpeg = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], "van.jpg", { type: "image/jpeg" });
const empty = () => new File([], "", { type: "application/octet-stream" });

function form(entries: Record<string, string | File>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

const valid = {
  name: "Mark Driver",
  email: "Mark.Driver@Example.com",
  phone: "07400 900123",
  experience: "3-5",
  vanType: "luton",
  location: "Newcastle upon Tyne",
  agreement: "on",
};

describe("driver application form schema", () => {
  it("gives every one of the product's messages, word for word, for an empty form", () => {
    const submission = parseWithZod(
      form({
        name: "",
        email: "",
        phone: "",
        experience: "",
        vanType: "",
        location: "",
        licenseDocument: empty(),
        insuranceDocument: empty(),
        liabilityDocument: empty(),
        vehiclePhoto: empty(),
      }),
      { schema: driverApplicationFormSchema },
    );
    const reply = submission.reply();
    expect(reply.error).toEqual({
      name: ["Name must be at least 2 characters"],
      email: ["Please enter a valid email address"],
      phone: ["Please enter a valid phone number"],
      experience: ["Please select your experience"],
      vanType: ["Please select your van type"],
      location: ["Location is required"],
      licenseDocument: ["Driver's license is required"],
      insuranceDocument: ["Insurance certificate is required"],
      liabilityDocument: ["Public liability insurance is required"],
      vehiclePhoto: ["Vehicle photo is required"],
      agreement: ["You must accept the terms and conditions"],
    });
    // The product's eleven, and ours for a landline, which only the server can tell.
    expect(Object.values(DRIVER_APPLICATION_MESSAGES)).toHaveLength(12);
  });

  it("checks lengths and formats", () => {
    const submission = parseWithZod(form({ ...valid, name: "M", email: "not-an-email", phone: "0770090" }), {
      schema: driverApplicationFormSchema,
    });
    const error = submission.reply().error!;
    expect(error.name).toEqual([DRIVER_APPLICATION_MESSAGES.name]);
    expect(error.email).toEqual([DRIVER_APPLICATION_MESSAGES.email]);
    expect(error.phone).toEqual([DRIVER_APPLICATION_MESSAGES.phone]);
  });

  it("accepts chosen files in the browser and stored paths on the server", () => {
    const inBrowser = parseWithZod(
      form({
        ...valid,
        licenseDocument: pdf(),
        insuranceDocument: pdf(),
        liabilityDocument: jpeg(),
        vehiclePhoto: jpeg(),
      }),
      {
        schema: driverApplicationFormSchema,
      },
    );
    expect(inBrowser.status).toBe("success");
    const onServer = parseWithZod(
      form({
        ...valid,
        licenseDocument: path(),
        insuranceDocument: path("jpg"),
        liabilityDocument: path("png"),
        vehiclePhoto: path("heic"),
      }),
      {
        schema: driverApplicationFormSchema,
      },
    );
    expect(onServer.status).toBe("success");
    if (onServer.status === "success") {
      expect(onServer.value.agreement).toBe(true);
      expect(onServer.value.experience).toBe("3-5");
    }
  });

  it("refuses a vehicle photo the browser says is a PDF, and any path that is not a stored upload", () => {
    const submission = parseWithZod(
      form({
        ...valid,
        licenseDocument: "../../etc/passwd",
        insuranceDocument: "uploads/../secret.pdf",
        liabilityDocument: path(),
        vehiclePhoto: pdf(),
      }),
      { schema: driverApplicationFormSchema },
    );
    const error = submission.reply().error!;
    expect(error.vehiclePhoto).toEqual(["Vehicle photo must be an image (JPEG, PNG, WebP or HEIC)"]);
    expect(error.licenseDocument).toEqual([DRIVER_APPLICATION_MESSAGES.licenseDocument]);
    expect(error.insuranceDocument).toEqual([DRIVER_APPLICATION_MESSAGES.insuranceDocument]);
  });

  it("only matches random server-made names as upload paths", () => {
    expect(UPLOAD_PATH.test(path())).toBe(true);
    expect(UPLOAD_PATH.test("uploads/licence.pdf")).toBe(false);
    expect(UPLOAD_PATH.test(`uploads/${"a".repeat(64)}.exe`)).toBe(false);
    expect(UPLOAD_PATH.test(`/uploads/${"a".repeat(64)}.pdf`)).toBe(false);
    expect(UPLOAD_PATH.test(`uploads/${"a".repeat(64)}.pdf/../x`)).toBe(false);
  });
});

describe("driver application API schemas", () => {
  it("takes the application as JSON with four paths and agreement true", () => {
    const parsed = driverApplicationApiSchema.safeParse({
      ...valid,
      agreement: true,
      licenseDocument: path(),
      insuranceDocument: path(),
      liabilityDocument: path(),
      vehiclePhoto: path("jpg"),
    });
    expect(parsed.success).toBe(true);
  });

  it("uses the product's messages for missing fields and refuses agreement false", () => {
    const parsed = driverApplicationApiSchema.safeParse({ ...valid, agreement: false });
    expect(parsed.success).toBe(false);
    const { fieldErrors } = parsed.error!.flatten();
    expect(fieldErrors.agreement).toEqual([DRIVER_APPLICATION_MESSAGES.agreement]);
    expect(fieldErrors.licenseDocument).toEqual([DRIVER_APPLICATION_MESSAGES.licenseDocument]);
    expect(fieldErrors.vehiclePhoto).toEqual([DRIVER_APPLICATION_MESSAGES.vehiclePhoto]);
  });

  it("checks a chunk's fileId, index range and count", () => {
    const schema = uploadChunkSchema(2);
    const base = {
      chunkIndex: "0",
      totalChunks: "2",
      fileId: "0123456789abcdef",
      fileName: "licence.pdf",
      fileType: "application/pdf",
      field: "licenseDocument",
    };
    expect(schema.safeParse(base).success).toBe(true);
    const message = (value: object) => schema.safeParse({ ...base, ...value }).error?.issues[0]?.message;
    expect(message({ chunkIndex: "2" })).toBe("chunkIndex is out of range");
    expect(message({ chunkIndex: "-1" })).toBe("chunkIndex is out of range");
    expect(message({ chunkIndex: "1.5" })).toBe("chunkIndex must be a whole number");
    expect(message({ totalChunks: "3" })).toMatch(/totalChunks is too large/);
    expect(message({ fileId: "../../etc" })).toMatch(/Invalid fileId/);
    expect(message({ fileId: "short" })).toMatch(/Invalid fileId/);
    expect(message({ field: "avatar" })).toMatch(/field must be one of/);
  });

  it("checks an assembly request", () => {
    expect(
      assembleChunksSchema.safeParse({ fileId: "0123456789abcdef", fileName: "van.jpg", field: "vehiclePhoto" })
        .success,
    ).toBe(true);
    expect(
      assembleChunksSchema.safeParse({ fileId: "a/b/c/d/e/f/g", fileName: "van.jpg", field: "vehiclePhoto" }).success,
    ).toBe(false);
  });
});
