// `npm run storage:copy-to-s3 [-- <folder>]`: copies an upload folder (default UPLOAD_DIR, or
// .data/uploads) into the bucket that S3_BUCKET, S3_REGION, S3_ENDPOINT and the credentials
// name (the same settings as STORAGE=s3). Safe to run again: it copies only what is missing.
// Run it before switching STORAGE to s3, then once more after, to catch the last uploads.
import { copyStorage } from "~/server/uploads/copy-to-bucket.server";
import { LocalDiskStorage } from "~/server/uploads/local-storage.server";
import { S3Storage } from "~/server/uploads/s3-storage.server";

const folder = process.argv[2] ?? process.env.UPLOAD_DIR ?? ".data/uploads";
const bucket = process.env.S3_BUCKET;
if (!bucket) {
  console.error(
    "Set S3_BUCKET (and S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as your store needs).",
  );
  process.exit(2);
}
const target = new S3Storage({
  bucket,
  region: process.env.S3_REGION || "eu-west-2",
  endpoint: process.env.S3_ENDPOINT || undefined,
  accessKeyId: process.env.S3_ACCESS_KEY_ID || undefined,
  secretAccessKey: process.env.S3_SECRET_ACCESS_KEY || undefined,
  prefix: process.env.S3_PREFIX || "",
});
console.log(`Copying ${folder} to s3://${bucket}/${process.env.S3_PREFIX ?? ""}`);
const report = await copyStorage(new LocalDiskStorage(folder), target, (key) => console.log(`  copied ${key}`));
console.log(
  `Done: ${report.copied} copied (${(report.bytes / 1024 / 1024).toFixed(1)} MB), ${report.skipped} already there.`,
);
