import {
  adminC2cApi,
  adminRateApi,
  advertisingApi,
  bankApi,
  merchantApi,
  standingApi,
  transactionApi,
  trustApi,
  trustedApi,
} from '@chatpay/shared';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { secretBoxOf } from '../../lib/secret-box.ts';
import { lookupQuota } from '../chat/index.ts';
import { OutflowGuard, outflowPolicy } from '../outflow/index.ts';
import { requireStepUp } from '../user/index.ts';
import { AdService } from './ads.ts';
import { AppealService } from './appeals.ts';
import { BankService } from './banks.ts';
import { orderExpiryJob } from './expiry.ts';
import { registerMerchantOpenApi } from './merchant-api.ts';
import { MerchantService } from './merchants.ts';
import { orderChatJob } from './order-chat-job.ts';
import { OrderService } from './orders.ts';
import { setReferenceRate } from './rates.ts';
import { orderReminderJob } from './reminders.ts';
import { resealSecrets } from './reseal.ts';
import { liftSuspension, standingOf, standingPage } from './standing.ts';
import { TrustService } from './trust.ts';
import { TrustedService } from './trusted.ts';
import { webhookJob } from './webhooks.ts';

/** The C2C market (docs/design/market.md): app calls, support calls, merchant API and the two jobs. */
export const registerC2CRoutes = async (deps: AppDeps & { secret: string }) => {
  const box = secretBoxOf(deps.config, deps.secret);
  const resealed = await resealSecrets(deps.db, box);
  if (resealed > 0)
    deps.app.log.info({ resealed, keyId: box.keyId }, 'C2C secrets resealed under the current key');
  const merchants = new MerchantService(deps.db, box, deps.realtime, deps.ports);
  const banks = new BankService(deps.db, box, deps.config);
  const ads = new AdService(deps.db, deps.config, merchants, banks, deps.clock);
  const orders = new OrderService(
    deps.db,
    deps.realtime,
    deps.config,
    deps.clock,
    new OutflowGuard(outflowPolicy(deps.config), deps.clock),
  );
  const appeals = new AppealService(deps.db, orders, deps.realtime, deps.clock, deps.config.C2C_STRIKE_LIMIT);
  const trust = new TrustService(deps.db, orders, lookupQuota(deps));
  const trusted = new TrustedService(deps.db);

  route(deps, merchantApi.apply, async (input, ctx) => {
    const applied = await merchants.apply(ctx.user.id, input);
    deps.realtime.emitToStaff('console', { kind: 'merchant' });
    return applied;
  });
  route(deps, merchantApi.info, (_input, ctx) => merchants.info(ctx.user.id));
  route(deps, merchantApi.detail, (input, ctx) => merchants.detail(ctx.user.id, input.userId ?? ctx.user.id));
  route(deps, merchantApi.update, (input, ctx) => merchants.update(ctx.user.id, input));
  route(deps, merchantApi.apiKey, async (input, ctx) => {
    await requireStepUp(deps, ctx.user, input.stepUp);
    return merchants.rotateKey(ctx.user.id, input.pin);
  });

  route(deps, bankApi.add, async (input, ctx) => {
    await requireStepUp(deps, ctx.user, input.stepUp);
    return banks.add(ctx.user.id, input);
  });
  route(deps, bankApi.update, async (input, ctx) => {
    await requireStepUp(deps, ctx.user, input.stepUp);
    return banks.update(ctx.user.id, input);
  });
  route(deps, bankApi.delete, (input, ctx) => banks.delete(ctx.user.id, input.id));
  route(deps, bankApi.page, (input, ctx) => banks.page(ctx.user.id, input));
  route(deps, bankApi.info, (input, ctx) => banks.info(ctx.user.id, input.id));

  route(deps, advertisingApi.publish, (input, ctx) => ads.publish(ctx.user.id, input));
  route(deps, advertisingApi.update, (input, ctx) => ads.update(ctx.user.id, input));
  route(deps, advertisingApi.close, (input, ctx) => ads.close(ctx.user.id, input.id));
  route(deps, advertisingApi.uploadAd, (input, ctx) => ads.putUp(ctx.user.id, input.id));
  route(deps, advertisingApi.delete, (input, ctx) => ads.delete(ctx.user.id, input.id));
  route(deps, advertisingApi.page, (input, ctx) => ads.page(ctx.user.id, input));
  route(deps, advertisingApi.myPage, (input, ctx) => ads.myPage(ctx.user.id, input));
  route(deps, advertisingApi.detail, (input, ctx) => ads.detail(ctx.user.id, input.id));
  route(deps, advertisingApi.info, (input, ctx) => ads.info(ctx.user.id, input.id));
  route(deps, advertisingApi.rate, () => ads.rate());

  route(deps, transactionApi.quote, (input, ctx) => orders.quote(ctx.user.id, input));
  route(deps, transactionApi.start, (input, ctx) => orders.start(ctx.user.id, input));
  route(deps, transactionApi.payment, async (input, ctx) =>
    orders.payment(ctx.user.id, await orders.idOf(input.id)),
  );
  route(deps, transactionApi.completed, async (input, ctx) =>
    orders.complete(ctx.user.id, await orders.idOf(input.id), input.pin),
  );
  route(deps, transactionApi.canceled, async (input, ctx) =>
    orders.cancel(ctx.user.id, await orders.idOf(input.id)),
  );
  route(deps, transactionApi.appealing, async (input, ctx) => {
    const appealed = await orders.appeal(ctx.user.id, { ...input, id: await orders.idOf(input.id) });
    deps.realtime.emitToStaff('console', { kind: 'appeal' });
    return appealed;
  });
  route(deps, transactionApi.uploadFiles, async (input, ctx) =>
    orders.uploadFiles(ctx.user.id, { ...input, id: await orders.idOf(input.id) }),
  );
  route(deps, transactionApi.page, (input, ctx) => orders.page(ctx.user.id, input));
  route(deps, transactionApi.detail, async (input, ctx) =>
    orders.detail(ctx.user.id, await orders.idOf(input.id)),
  );
  route(deps, transactionApi.config, (_input, ctx) => orders.settings(ctx.user.id));
  route(deps, transactionApi.unread, (_input, ctx) => orders.unread(ctx.user.id));

  route(deps, adminRateApi.update, (input, ctx) =>
    setReferenceRate(deps.db, deps.config, ctx.user.id, input.rate),
  );
  route(deps, standingApi.mine, (_input, ctx) => standingOf(deps.db, ctx.user.id));
  route(deps, standingApi.page, (input) => standingPage(deps.db, input));
  route(deps, standingApi.lift, (input, ctx) => liftSuspension(deps.db, ctx.user.id, input));
  route(deps, trustApi.feedback, async (input, ctx) =>
    trust.feedback(ctx.user.id, { ...input, id: await orders.idOf(input.id) }),
  );
  route(deps, trustApi.profile, (input, ctx) => trust.profile(ctx.user.id, input.userId));
  route(deps, trustedApi.add, (input, ctx) => trusted.add(ctx.user.id, input.userId));
  route(deps, trustedApi.remove, (input, ctx) => trusted.remove(ctx.user.id, input.userId));
  route(deps, trustedApi.list, (_input, ctx) => trusted.list(ctx.user.id));
  route(deps, trustApi.feedbackPage, (input, ctx) => trust.feedbackPage(ctx.user.id, input));

  route(deps, adminC2cApi.merchantPage, (input) => merchants.adminPage(input));
  route(deps, adminC2cApi.merchantReview, async (input, ctx) => {
    const reviewed = await merchants.review(ctx.user.id, input);
    deps.realtime.emitToStaff('console', { kind: 'merchant' });
    deps.realtime.emitToUser(input.userId, 'onMerchantReview', {
      status: reviewed.status,
      reviewNote: reviewed.reviewNote,
    });
    return reviewed;
  });
  route(deps, adminC2cApi.merchantRevoke, async (input, ctx) => {
    const revoked = await merchants.revoke(ctx.user.id, input);
    await ads.closeAll(input.userId);
    deps.realtime.emitToUser(input.userId, 'onMerchantReview', {
      status: revoked.status,
      reviewNote: revoked.reviewNote,
    });
    return revoked;
  });
  route(deps, adminC2cApi.appealPage, (input) => appeals.page(input));
  route(deps, adminC2cApi.appealInfo, (input) => appeals.info(input.id));
  route(deps, adminC2cApi.appealMessages, (input) => appeals.messages(input.id));
  route(deps, adminC2cApi.appealMessageVersions, (input, ctx) =>
    appeals.messageVersions(ctx.user.id, input.id, input.messageId),
  );
  route(deps, adminC2cApi.appealMessage, (input, ctx) => appeals.message(ctx.user.id, input.id, input.text));
  route(deps, adminC2cApi.appealResolve, async (input, ctx) => {
    const resolved = await appeals.resolve(ctx.user.id, input);
    deps.realtime.emitToStaff('console', { kind: 'appeal' });
    return resolved;
  });

  const merchantAuth = registerMerchantOpenApi(deps, box, orders);
  deps.jobs.add(orderExpiryJob(orders, deps.clock));
  deps.jobs.add(orderChatJob(orders));
  deps.jobs.add(orderReminderJob(deps.db, deps.realtime, deps.clock));
  deps.jobs.add(
    webhookJob(deps.db, box, {
      allowPrivate: deps.config.C2C_WEBHOOK_ALLOW_PRIVATE,
      // A webhook carries the merchant's signature and order data: never in clear in production.
      httpsOnly: deps.config.NODE_ENV === 'production',
      onOutcome: (outcome) => deps.metrics.webhooks.inc({ outcome }),
    }),
  );
  // Other modules' merchant API calls (the pay desk) authenticate with the same signed-request check.
  return { merchantAuth };
};
