import { friendApi } from '@chatpay/shared';
import type { AppDeps } from '../../../http/deps.ts';
import { route } from '../../../http/route.ts';
import type { BlockService } from './blocks.ts';
import type { FriendService } from './service.ts';

export const registerFriendRoutes = (deps: AppDeps, friends: FriendService, blocks: BlockService) => {
  route(deps, friendApi.search, (input, ctx) => friends.search(ctx.user.id, input.keyword));
  route(deps, friendApi.query, (input, ctx) => friends.query(ctx.user.id, input));
  route(deps, friendApi.addFriend, (input, ctx) =>
    friends.addFriend(ctx.user.id, input.userId, input.message),
  );
  route(deps, friendApi.addByCode, (input, ctx) =>
    friends.addByCode(ctx.user.id, input.shareCode, input.message),
  );
  route(deps, friendApi.requestCount, (_input, ctx) => friends.requestCount(ctx.user.id));
  route(deps, friendApi.requestList, (_input, ctx) => friends.requestList(ctx.user.id));
  route(deps, friendApi.confirmFriend, (input, ctx) => friends.confirm(ctx.user.id, input.id, input.agree));
  route(deps, friendApi.delFriend, (input, ctx) => friends.remove(ctx.user.id, input.userId));
  route(deps, friendApi.setRemark, (input, ctx) =>
    friends.setRemark(ctx.user.id, input.userId, input.remark),
  );
  route(deps, friendApi.list, (_input, ctx) => friends.list(ctx.user.id));
  route(deps, friendApi.block, (input, ctx) => blocks.block(ctx.user.id, input.userId));
  route(deps, friendApi.unblock, (input, ctx) => blocks.unblock(ctx.user.id, input.userId));
  route(deps, friendApi.blockList, (_input, ctx) => blocks.list(ctx.user.id));
  route(deps, friendApi.page, (input, ctx) => friends.page(ctx.user.id, input));
};
