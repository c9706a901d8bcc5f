import type { FastifyReply, FastifyRequest } from 'fastify';

/** The caller, as established from a verified access token whose session is still current. */
export interface AuthUser {
  id: number;
  role: string[];
  permission: string[];
  /** The login session the token belongs to. */
  sid: string;
}

export interface RequestContext {
  req: FastifyRequest;
  reply: FastifyReply;
  ip: string;
  user: AuthUser | null;
}

export interface AuthedContext extends RequestContext {
  user: AuthUser;
}
