// `npm run storage:copy-to-s3 [-- <folder>]`: copies an upload folder (default UPLOAD_DIR, or
// .data/uploads) into the bucket that S3_BUCKET, S3_REGION, S3_ENDPOINT and the credentials
// name (the same settings as STORAGE=s3). Safe to run again: it copies only what is missing.
// Run it before switching STORAGE to s3, then once more after, to catch the last uploads.
import { copyStorage } from "~/server/uploads/copy-to-bucket.server";
import { LocalDiskStorage } from "~/server/uploads/local-storage.server";
import { S3Storage, s3SettingsFrom, type S3Settings, type S3Variables } from "~/server/uploads/s3-storage.server";

const folder = process.argv[2] ?? process.env.UPLOAD_DIR ?? ".data/uploads";
let settings: S3Settings;
try {
  settings = s3SettingsFrom(process.env as S3Variables);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const target = new S3Storage(settings);
console.log(`Copying ${folder} to s3://${settings.bucket}/${settings.prefix}`);
const report = await copyStorage(new LocalDiskStorage(folder), target, (key) => console.log(`  copied ${key}`));
console.log(
  `Done: ${report.copied} copied (${(report.bytes / 1024 / 1024).toFixed(1)} MB), ${report.skipped} already there.`,
);
