import type { FastifyReply, FastifyRequest } from 'fastify';

/** The caller, as established from a verified access token whose session is still current. */
export interface AuthUser {
  id: number;
  role: string[];
  permission: string[];
  /** The login session the token belongs to. */
  sid: string;
}

/** Turns an access token into its user, or throws Unauthorized (the user module implements it). */
export interface Authenticator {
  authenticate(token: string): Promise<AuthUser>;
  /** A token that reads media only (the `/uploads` cookie): the API refuses it. */
  mediaToken(user: AuthUser): Promise<string>;
  /** The member of a media token whose session is still current; throws like `authenticate`. */
  authenticateMedia(token: string): Promise<AuthUser>;
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

/** A call signed with a merchant API key: no member token, the merchant's user id instead. */
export interface MerchantContext extends RequestContext {
  merchantUserId: number;
}
