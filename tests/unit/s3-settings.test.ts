import { describe, expect, it } from "vitest";
import { s3SettingsFrom } from "~/server/uploads/s3-storage.server";

describe("s3SettingsFrom: the one reading of the S3_* variables", () => {
  it("takes the bucket and its defaults; blank values count as unset", () => {
    expect(s3SettingsFrom({ S3_BUCKET: "docs", S3_ENDPOINT: " ", S3_PREFIX: "" })).toEqual({
      bucket: "docs",
      region: "eu-west-2",
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      prefix: "",
    });
    expect(
      s3SettingsFrom({
        S3_BUCKET: "docs",
        S3_REGION: "us-east-1",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_PREFIX: "live",
      }),
    ).toEqual({
      bucket: "docs",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      accessKeyId: "id",
      secretAccessKey: "secret",
      prefix: "live",
    });
  });

  it("refuses a missing bucket in one sentence", () => {
    expect(() => s3SettingsFrom({ S3_BUCKET: "  " })).toThrow(/^STORAGE=s3 needs S3_BUCKET/);
  });
});
