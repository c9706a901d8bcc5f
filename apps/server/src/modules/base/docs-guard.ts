import { ErrorCode, Role } from '@chatpay/shared';
import type { FastifyInstance } from 'fastify';
import { tokenFromHeader } from '../../http/auth-header.ts';
import type { Authenticator } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';

/** The API description: the OpenAPI page and document, and the `eps` route list. */
const guarded = /^\/api\/(docs(\/|$|\?)|app\/base\/comm\/eps(\?|$))/;

/**
 * Unless published (PUBLISH_API_DOCS; default: everywhere but production), the API description answers only
 * an administrator's token, so a production install does not hand out a map of its admin calls.
 * Must be added before the docs plugin registers its routes.
 */
export const guardApiDocs = (app: FastifyInstance, options: { published: boolean; auth: Authenticator }) => {
  if (options.published) return;
  app.addHook('onRequest', async (req) => {
    // The route the router matched, not the raw URL: another spelling of a path cannot miss the guard.
    if (!guarded.test(req.routeOptions.url ?? req.url)) return;
    const token = tokenFromHeader(req.headers.authorization);
    if (!token)
      throw new AppError(ErrorCode.Unauthorized, 'The API description needs an administrator token');
    const user = await options.auth.authenticate(token);
    if (!user.role.includes(Role.Admin)) throw new AppError(ErrorCode.Forbidden);
  });
};
