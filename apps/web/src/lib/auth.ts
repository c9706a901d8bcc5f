import {
  type LoginResult,
  TOKEN_EXPIRY_MARGIN_SECONDS,
  type TokenPayload,
  hasPermission as tokenHasPermission,
  type UserProfile,
} from '@chatpay/shared';
import { create } from 'zustand';
import { decodeToken } from './jwt.ts';
import { StorageKey, storage } from './storage.ts';

export interface AuthState {
  token: string | null;
  refreshToken: string | null;
  /** Epoch ms; the token is valid while this is later than now. */
  tokenExpires: number;
  refreshTokenExpires: number;
  payload: TokenPayload | null;
  user: UserProfile | null;
  /** Stores a login result (login, register, refresh, password change). */
  setLogin: (result: LoginResult, now?: number) => void;
  setUser: (user: UserProfile) => void;
  /** Updates one key of the stored user info (docs/product.md#tokens). */
  updateUser: <K extends keyof UserProfile>(key: K, value: UserProfile[K]) => void;
  /** Clears the session; listeners (socket, router, query cache) react to the token becoming null. */
  logout: () => void;
}

const marginMs = TOKEN_EXPIRY_MARGIN_SECONDS * 1000;

const readNumber = (key: string) => Number(storage.get(key) ?? 0) || 0;

const tokenKeys = [
  StorageKey.UniIdToken,
  StorageKey.Token,
  StorageKey.TokenExpires,
  StorageKey.RefreshToken,
  StorageKey.RefreshTokenExpires,
  StorageKey.UserInfo,
];

const initial = () => {
  const token = storage.get(StorageKey.Token) ?? storage.get(StorageKey.UniIdToken);
  return {
    token,
    refreshToken: storage.get(StorageKey.RefreshToken),
    tokenExpires: readNumber(StorageKey.TokenExpires),
    refreshTokenExpires: readNumber(StorageKey.RefreshTokenExpires),
    payload: decodeToken(token),
    user: storage.getJson<UserProfile>(StorageKey.UserInfo),
  };
};

export const useAuth = create<AuthState>()((set, get) => ({
  ...initial(),
  setLogin: (result, now = Date.now()) => {
    const tokenExpires = now + result.expire * 1000 - marginMs;
    const refreshTokenExpires = now + result.refreshExpire * 1000 - marginMs;
    storage.set(StorageKey.UniIdToken, result.token);
    storage.set(StorageKey.Token, result.token);
    storage.set(StorageKey.TokenExpires, String(tokenExpires));
    storage.set(StorageKey.RefreshToken, result.refreshToken);
    storage.set(StorageKey.RefreshTokenExpires, String(refreshTokenExpires));
    set({
      token: result.token,
      refreshToken: result.refreshToken,
      tokenExpires,
      refreshTokenExpires,
      payload: decodeToken(result.token),
    });
  },
  setUser: (user) => {
    storage.setJson(StorageKey.UserInfo, user);
    set({ user });
  },
  updateUser: (key, value) => {
    const user = get().user;
    if (!user) return;
    get().setUser({ ...user, [key]: value });
  },
  logout: () => {
    for (const key of tokenKeys) storage.remove(key);
    set({
      token: null,
      refreshToken: null,
      tokenExpires: 0,
      refreshTokenExpires: 0,
      payload: null,
      user: null,
    });
  },
}));

/** Re-reads the session from storage (another tab logged in or out, or a test seeded storage). */
export const reloadAuthFromStorage = () => useAuth.setState(initial());

export const isTokenValid = (state: Pick<AuthState, 'token' | 'tokenExpires'>, now = Date.now()) =>
  Boolean(state.token) && state.tokenExpires > now;

export const isRefreshValid = (
  state: Pick<AuthState, 'refreshToken' | 'refreshTokenExpires'>,
  now = Date.now(),
) => Boolean(state.refreshToken) && state.refreshTokenExpires > now;

/** A user has a role if it is in the token's role list (docs/product.md#roles). */
export const hasRole = (role: string, payload = useAuth.getState().payload) =>
  Boolean(payload?.role.includes(role));

/** A permission holds for admin or if it is in the token's permission list (docs/product.md#roles). */
export const hasPermission = (key: string, payload = useAuth.getState().payload) =>
  payload ? tokenHasPermission(payload, key) : false;
