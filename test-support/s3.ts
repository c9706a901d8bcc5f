import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';

/** Lets the web app (another origin) post uploads and read objects, as a bucket's CORS rule would. */
const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin>
<AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedMethod>POST</AllowedMethod>
<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`;

export interface TestS3 {
  endpoint: string;
  bucket: string;
  directory: string;
  /** The server settings of UPLOAD_MODE=s3 against this store. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A real S3-protocol server (`s3rver`) on a random loopback port with one bucket. It checks signatures and
 * the expiry of signed URLs, but not a presigned POST's policy conditions (size, type): the app checks those
 * itself after the upload.
 */
export const startTestS3 = async (bucket = 'chatpay-test'): Promise<TestS3> => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'chatpay-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      UPLOAD_MODE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
};
