import { createHmac, timingSafeEqual } from 'node:crypto';
import { ErrorCode, merchantOpenApi } from '@chatpay/shared';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connection.ts';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import { memberBalances } from '../ledger/index.ts';
import { presentBalance } from '../wallet/index.ts';
import { type SecretBox, sealedAt } from './crypto.ts';
import type { OrderService } from './orders.ts';
import { c2cApiNonces, c2cMerchants } from './tables.ts';

/** Replay window of the merchant API: timestamps within ±5 minutes; nonces remembered twice as long. */
export const SIGNATURE_WINDOW_SECONDS = 300;
const NONCE = /^[A-Za-z0-9_.:-]{8,64}$/;

/** The string a merchant signs: METHOD, path with query, timestamp, nonce, body, one per line. */
export const signingString = (method: string, path: string, timestamp: string, nonce: string, body: string) =>
  `${method.toUpperCase()}\n${path}\n${timestamp}\n${nonce}\n${body}`;

export const hmacHex = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : '';
};

const refuse = (code: ErrorCode) => new AppError(code, undefined, null, 401);

/**
 * Checks a signed merchant request (docs/design/market.md, "Merchant API") and answers the merchant's user id.
 * The signature is checked before the nonce is stored, so unsigned junk cannot fill the nonce table.
 */
export const verifyMerchantRequest = async (
  db: Db,
  box: SecretBox,
  req: FastifyRequest,
  now = Date.now(),
) => {
  const merchantNo = header(req, 'x-merchant-id');
  const timestamp = header(req, 'x-timestamp');
  const nonce = header(req, 'x-nonce');
  const signature = header(req, 'x-signature');
  if (
    !merchantNo ||
    !/^\d{1,12}$/.test(timestamp) ||
    !NONCE.test(nonce) ||
    !/^[0-9a-f]{64}$/.test(signature)
  ) {
    throw refuse(ErrorCode.SignatureInvalid);
  }
  if (Math.abs(now / 1000 - Number(timestamp)) > SIGNATURE_WINDOW_SECONDS) {
    throw refuse(ErrorCode.TimestampOutOfWindow);
  }
  const [merchant] = await db
    .select()
    .from(c2cMerchants)
    .where(and(eq(c2cMerchants.merchantNo, merchantNo.slice(0, 64)), eq(c2cMerchants.status, 'approved')));
  if (!merchant?.apiKeyEnc) throw refuse(ErrorCode.SignatureInvalid);
  const body = req.method === 'GET' ? '' : (req.signedBody ?? JSON.stringify(req.body ?? ''));
  const expected = hmacHex(
    box.open(merchant.apiKeyEnc, sealedAt.merchantKey(merchant.userId)),
    signingString(req.method, req.url, timestamp, nonce, body),
  );
  if (!timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(signature, 'hex'))) {
    throw refuse(ErrorCode.SignatureInvalid);
  }
  const [fresh] = await db
    .insert(c2cApiNonces)
    .values({ merchantNo, nonce })
    .onConflictDoNothing()
    .returning({ nonce: c2cApiNonces.nonce });
  if (!fresh) throw refuse(ErrorCode.NonceReused);
  return merchant.userId;
};

/** Forgets nonces older than twice the window (their timestamps are refused anyway). */
export const purgeNonces = (db: Db) =>
  db
    .delete(c2cApiNonces)
    .where(lt(c2cApiNonces.createTime, new Date(Date.now() - 2 * SIGNATURE_WINDOW_SECONDS * 1000)));

export const registerMerchantOpenApi = (deps: AppDeps, box: SecretBox, orders: OrderService) => {
  const host = { ...deps, merchantAuth: (req: FastifyRequest) => verifyMerchantRequest(deps.db, box, req) };
  route(host, merchantOpenApi.balance, async (_input, ctx) =>
    presentBalance(await memberBalances(deps.db, ctx.merchantUserId)),
  );
  route(host, merchantOpenApi.orderPage, (input, ctx) => orders.page(ctx.merchantUserId, input));
  route(host, merchantOpenApi.orderInfo, (input, ctx) => orders.read(ctx.merchantUserId, input.id));
  return host.merchantAuth;
};
