// Files in an S3-compatible bucket (STORAGE=s3), for instances that share no folder.
// - Private: no ACL is ever set, so objects keep the bucket's default (private); the app
//   streams them through its access check, never by a public or signed URL.
// - Encrypted at rest: every write and copy asks for server-side encryption (SSE-S3, AES256).
// - Streamed: writes go up as a multipart upload in 8 MB parts (@aws-sdk/lib-storage), so a
//   large file never sits whole in memory; reads can ask for a byte range.
// - Abandoned multipart uploads (a process killed mid-write) are never visible as objects;
//   the bucket's lifecycle rule removes their parts (docs/DEPLOY.md), and removeStalePartials
//   aborts them where the store lists them.
import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Env } from "~/server/platform/env.server";
import { type ByteRange, type FileStorage, isSafeKey, type StoredObject, UnsafeKeyError } from "./file-storage.server";

export type S3Settings = {
  bucket: string;
  region: string;
  /** An S3-compatible server's address (MinIO, Ceph, a local test server); unset for AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Every key is stored under this folder of the bucket ("" for the bucket's root). */
  prefix?: string;
};

const PART_SIZE_BYTES = 8 * 1024 * 1024;
const ENCRYPTION = "AES256";

export function s3SettingsFrom(
  env: Pick<Env, "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_PREFIX">,
): S3Settings {
  if (!env.S3_BUCKET) throw new Error("STORAGE=s3 needs S3_BUCKET");
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    prefix: env.S3_PREFIX ?? "",
  };
}

export function s3ClientFor(settings: S3Settings) {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // Buckets as a path ("host/bucket/key"): what S3-compatible servers answer without DNS set-up.
    forcePathStyle: Boolean(settings.endpoint),
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined, // the SDK's own chain: AWS_* variables, an instance role
    // Checksums only where S3 requires them: S3-compatible servers do not all read the
    // newer trailing checksums, and TLS already guards the bytes in transit.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

function isNotFound(error: unknown) {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}

export class S3Storage implements FileStorage {
  readonly bucket: string;
  readonly client: S3Client;
  private readonly prefix: string;

  constructor(settings: S3Settings, client: S3Client = s3ClientFor(settings)) {
    this.bucket = settings.bucket;
    this.client = client;
    this.prefix = settings.prefix ? `${settings.prefix.replace(/\/+$/, "")}/` : "";
  }

  /** The object name in the bucket of a key (refused when the key is unsafe, as on disk). */
  objectName(key: string) {
    if (!isSafeKey(key)) throw new UnsafeKeyError(key);
    return this.prefix + key;
  }

  private keyOf(objectName: string) {
    return objectName.slice(this.prefix.length);
  }

  async write(key: string, data: AsyncIterable<Uint8Array>) {
    let sizeBytes = 0;
    const counted = async function* () {
      for await (const chunk of data) {
        sizeBytes += chunk.byteLength;
        yield chunk;
      }
    };
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: this.objectName(key),
        Body: Readable.from(counted()),
        ServerSideEncryption: ENCRYPTION,
      },
      partSize: PART_SIZE_BYTES,
      queueSize: 2,
    });
    await upload.done();
    return { sizeBytes };
  }

  async read(key: string, range?: ByteRange) {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.objectName(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return { stream: object.Body as Readable, sizeBytes: object.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectName(key) }));
      return { key, sizeBytes: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async move(from: string, to: string) {
    const source = this.objectName(from);
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: this.objectName(to),
        CopySource: `${this.bucket}/${source.split("/").map(encodeURIComponent).join("/")}`,
        ServerSideEncryption: ENCRYPTION,
      }),
    );
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: source }));
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectName(key) }));
  }

  async deleteFolder(prefix: string) {
    const objects = await this.list(prefix);
    // DeleteObjects takes at most 1,000 keys a call.
    for (let start = 0; start < objects.length; start += 1000) {
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: {
            Objects: objects.slice(start, start + 1000).map((object) => ({ Key: this.objectName(object.key) })),
            Quiet: true,
          },
        }),
      );
    }
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const objects: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix === "" ? this.prefix : `${this.objectName(prefix)}/`,
          ContinuationToken: token,
        }),
      );
      for (const item of page.Contents ?? []) {
        if (!item.Key) continue;
        objects.push({
          key: this.keyOf(item.Key),
          sizeBytes: item.Size ?? 0,
          modifiedAt: item.LastModified ?? new Date(0),
        });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  }

  /** A bucket has no free-space limit the app could read. */
  async freeBytes() {
    return null;
  }

  async removeStalePartials(before: Date) {
    let uploads;
    try {
      uploads = await this.client.send(
        new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: this.prefix || undefined }),
      );
    } catch (error) {
      // Some S3-compatible servers do not list uploads; their lifecycle rule is the clean-up.
      if (
        error instanceof S3ServiceException &&
        (error.$metadata.httpStatusCode === 501 || error.$metadata.httpStatusCode === 405)
      )
        return;
      throw error;
    }
    for (const upload of uploads.Uploads ?? []) {
      if (upload.Key && upload.UploadId && upload.Initiated && upload.Initiated < before) {
        await this.client.send(
          new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }),
        );
      }
    }
  }
}
