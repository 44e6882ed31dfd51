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
import type { S3Client } from "@aws-sdk/client-s3";
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

// The AWS SDK (about 20 MB and a tenth of a second to load) is loaded only by a site that
// stores its files in a bucket.
let sdkLoading: Promise<{
  s3: typeof import("@aws-sdk/client-s3");
  Upload: typeof import("@aws-sdk/lib-storage").Upload;
}> | null = null;
function sdk() {
  sdkLoading ??= Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]).then(([s3, storage]) => ({
    s3,
    Upload: storage.Upload,
  }));
  return sdkLoading;
}
const ENCRYPTION = "AES256";

/** The S3_* variables, as the app's parsed configuration or a shell's environment has them. */
export type S3Variables = {
  [Name in "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_PREFIX"]?:
    string | undefined;
};

/**
 * The bucket's settings from the S3_* variables: the one reading of them, for the app
 * (STORAGE=s3), `npm run storage:copy-to-s3` and the tests. Blank values count as unset.
 */
export function s3SettingsFrom(variables: S3Variables): S3Settings {
  const value = (name: keyof S3Variables) => variables[name]?.trim() || undefined;
  const bucket = value("S3_BUCKET");
  if (!bucket)
    throw new Error(
      "STORAGE=s3 needs S3_BUCKET (and S3_REGION, S3_ENDPOINT and credentials as the store requires). See .env.example.",
    );
  return {
    bucket,
    region: value("S3_REGION") ?? "eu-west-2",
    endpoint: value("S3_ENDPOINT"),
    accessKeyId: value("S3_ACCESS_KEY_ID"),
    secretAccessKey: value("S3_SECRET_ACCESS_KEY"),
    prefix: value("S3_PREFIX") ?? "",
  };
}

export async function s3ClientFor(settings: S3Settings): Promise<S3Client> {
  const { s3 } = await sdk();
  return new s3.S3Client({
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

/** The status of an error S3 answered with (the SDK's S3ServiceException), else undefined. */
function s3Status(error: unknown) {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown) {
  const name = (error as { name?: string } | null)?.name;
  return name === "NoSuchKey" || name === "NotFound" || s3Status(error) === 404;
}

export class S3Storage implements FileStorage {
  readonly bucket: string;
  private readonly client: Promise<S3Client>;
  private readonly prefix: string;

  constructor(settings: S3Settings, client?: S3Client) {
    this.bucket = settings.bucket;
    this.client = client ? Promise.resolve(client) : s3ClientFor(settings);
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
    const { Upload } = await sdk();
    const upload = new Upload({
      client: await this.client,
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
    const { s3 } = await sdk();
    const client = await this.client;
    try {
      const object = await client.send(
        new s3.GetObjectCommand({
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
    const { s3 } = await sdk();
    const client = await this.client;
    try {
      const head = await client.send(new s3.HeadObjectCommand({ Bucket: this.bucket, Key: this.objectName(key) }));
      return { key, sizeBytes: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async move(from: string, to: string) {
    const { s3 } = await sdk();
    const client = await this.client;
    const source = this.objectName(from);
    await client.send(
      new s3.CopyObjectCommand({
        Bucket: this.bucket,
        Key: this.objectName(to),
        CopySource: `${this.bucket}/${source.split("/").map(encodeURIComponent).join("/")}`,
        ServerSideEncryption: ENCRYPTION,
      }),
    );
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: source }));
  }

  async delete(key: string) {
    const { s3 } = await sdk();
    const client = await this.client;
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectName(key) }));
  }

  async deleteFolder(prefix: string) {
    const { s3 } = await sdk();
    const client = await this.client;
    const objects = await this.list(prefix);
    // DeleteObjects takes at most 1,000 keys a call.
    for (let start = 0; start < objects.length; start += 1000) {
      await client.send(
        new s3.DeleteObjectsCommand({
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
    const { s3 } = await sdk();
    const client = await this.client;
    const objects: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new s3.ListObjectsV2Command({
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
    const { s3 } = await sdk();
    const client = await this.client;
    let uploads;
    try {
      uploads = await client.send(
        new s3.ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: this.prefix || undefined }),
      );
    } catch (error) {
      // Some S3-compatible servers do not list uploads; their lifecycle rule is the clean-up.
      if (s3Status(error) === 501 || s3Status(error) === 405) return;
      throw error;
    }
    for (const upload of uploads.Uploads ?? []) {
      if (upload.Key && upload.UploadId && upload.Initiated && upload.Initiated < before) {
        await client.send(
          new s3.AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }),
        );
      }
    }
  }
}
