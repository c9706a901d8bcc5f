import { messageApi } from '@chatpay/shared';
import type { AppDeps } from '../../../http/deps.ts';
import { route } from '../../../http/route.ts';
import type { MessageService } from './service.ts';

export const registerMessageRoutes = (deps: AppDeps, messages: MessageService) => {
  route(deps, messageApi.send, (input, ctx) => messages.send(ctx.user.id, input));
  route(deps, messageApi.page, (input, ctx) => messages.page(ctx.user.id, input));
  route(deps, messageApi.changes, (input, ctx) => messages.changes(ctx.user.id, input));
  route(deps, messageApi.read, (input, ctx) => messages.read(ctx.user.id, input.sessionId, input.seq));
  route(deps, messageApi.remove, (input, ctx) => messages.remove(ctx.user.id, input.ids));
  route(deps, messageApi.recall, (input, ctx) => messages.recall(ctx.user.id, input.id));
  route(deps, messageApi.edit, (input, ctx) => messages.edit(ctx.user.id, input.id, input.text));
  route(deps, messageApi.react, (input, ctx) => messages.react(ctx.user.id, input));
  route(deps, messageApi.clear, (input, ctx) => messages.clear(ctx.user.id, input.sessionId));
  route(deps, messageApi.transmit, (input, ctx) =>
    messages.transmit(ctx.user.id, input.ids, input.sessionIds),
  );
  route(deps, messageApi.callback, (input, ctx) => messages.callback(ctx.user.id, input.id));
  route(deps, messageApi.signPushId, (input, ctx) => messages.signPushId(ctx.user.id, input));
  route(deps, messageApi.getReply, (_input, ctx) => messages.getReply(ctx.user.id));
  route(deps, messageApi.setReply, (input, ctx) => messages.setReply(ctx.user.id, input));
};
