import { groupApi } from '@chatpay/shared';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { GroupService } from './service.ts';

/** Groups under /app/chat/group (docs/design/groups-moments.md). */
export const registerGroupRoutes = (deps: AppDeps) => {
  const groups = new GroupService(deps.db, deps.realtime, deps.clock);
  route(deps, groupApi.create, (input, ctx) => groups.create(ctx.user.id, input));
  route(deps, groupApi.info, (input, ctx) => groups.info(ctx.user.id, input));
  route(deps, groupApi.list, (_input, ctx) => groups.list(ctx.user.id));
  route(deps, groupApi.invite, (input, ctx) => groups.invite(ctx.user.id, input.groupId, input.userIds));
  route(deps, groupApi.remove, (input, ctx) => groups.remove(ctx.user.id, input.groupId, input.userIds));
  route(deps, groupApi.quit, (input, ctx) => groups.quit(ctx.user.id, input.groupId));
  route(deps, groupApi.dissolve, (input, ctx) => groups.dissolve(ctx.user.id, input.groupId));
  route(deps, groupApi.addByCode, (input, ctx) => groups.addByCode(ctx.user.id, input.code));
  route(deps, groupApi.setManager, (input, ctx) =>
    groups.setManager(ctx.user.id, input.groupId, input.userId, true),
  );
  route(deps, groupApi.unsetManager, (input, ctx) =>
    groups.setManager(ctx.user.id, input.groupId, input.userId, false),
  );
  route(deps, groupApi.mute, (input, ctx) =>
    groups.setMuted(ctx.user.id, input.groupId, input.userId, true, input.minutes),
  );
  route(deps, groupApi.muteAll, (input, ctx) => groups.setMuteAll(ctx.user.id, input.groupId, input.on));
  route(deps, groupApi.unmute, (input, ctx) =>
    groups.setMuted(ctx.user.id, input.groupId, input.userId, false),
  );
  route(deps, groupApi.update, (input, ctx) => groups.update(ctx.user.id, input.groupId, input));
  route(deps, groupApi.transferOwner, (input, ctx) =>
    groups.transferOwner(ctx.user.id, input.groupId, input.userId),
  );
  route(deps, groupApi.setNote, (input, ctx) => groups.setNote(ctx.user.id, input.groupId, input.note));
};
