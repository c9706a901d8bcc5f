import type { Logger } from 'pino';
import type { AppDeps } from '../../http/deps.ts';
import { registerServiceDeskRoutes } from './desk/routes.ts';
import { ServiceDesk } from './desk/service.ts';
import { BlockService } from './friend/blocks.ts';
import { lookupQuota } from './friend/lookup-quota.ts';
import { registerFriendRoutes } from './friend/routes.ts';
import { FriendService } from './friend/service.ts';
import { createSendLimiter } from './message/rate-limit.ts';
import { registerMessageRoutes } from './message/routes.ts';
import { MessageService } from './message/service.ts';
import { registerSearchRoutes } from './search/routes.ts';
import { SearchService } from './search/service.ts';
import { singlePeerOf } from './session/queries.ts';
import { registerSessionRoutes } from './session/routes.ts';
import { SessionService } from './session/service.ts';

/** Chat: friends, sessions and messages (docs/design/chat-delivery.md). */
export const registerChatRoutes = (deps: AppDeps) => {
  const limiter = createSendLimiter({
    max: deps.config.CHAT_SEND_RATE_LIMIT,
    windowSeconds: deps.config.CHAT_SEND_RATE_WINDOW_SECONDS,
    redis: deps.redis,
    redisUp: deps.redisUp,
    namespace: deps.config.REDIS_PREFIX,
  });
  const log = deps.app.log as unknown as Logger;
  const lookups = lookupQuota(deps);
  registerFriendRoutes(
    deps,
    new FriendService(deps.db, deps.realtime, lookups),
    new BlockService(deps.db, deps.realtime),
  );
  const sessions = new SessionService(deps.db, deps.realtime, deps.ports);
  registerSessionRoutes(deps, sessions);
  const messages = new MessageService(
    deps.db,
    deps.realtime,
    limiter,
    deps.config,
    log,
    deps.ports,
    deps.clock,
  );
  registerMessageRoutes(deps, messages);
  // The socket send path: the same service call as HTTP message/send.
  deps.realtime.handleSend((userId, input) => messages.send(userId, input));
  registerSearchRoutes(deps, new SearchService(deps.db, sessions, deps.ports));
  registerServiceDeskRoutes(
    deps,
    new ServiceDesk(deps.db, deps.realtime, deps.config.PUBLIC_URL, deps.ports),
  );
  deps.realtime.relayTyping((userId, sessionId) => singlePeerOf(deps.db, sessionId, userId));
};
