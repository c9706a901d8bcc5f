import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageKey, storage } from '../storage.ts';
import {
  addBeforeGuard,
  afterLogin,
  back,
  configureNavigator,
  type NavigatorDriver,
  navigate,
  pageStack,
  resetStack,
  routerParams,
  syncStack,
} from './navigate.ts';
import { Paths } from './paths.ts';
import { buildUrl, parseQuery } from './url.ts';

/** A fake history that reports back to the navigator the way the router does. */
const fakeHistory = () => {
  const entries: string[] = [];
  const log: string[] = [];
  const driver: NavigatorDriver = {
    push: (url) => {
      log.push(`push ${url}`);
      entries.push(url);
      syncStack('PUSH', url);
    },
    replace: (url) => {
      log.push(`replace ${url}`);
      entries[entries.length - 1] = url;
      syncStack('REPLACE', url);
    },
    go: (delta) => {
      log.push(`go ${delta}`);
      entries.splice(entries.length + delta);
      syncStack('POP', entries[entries.length - 1] ?? '/');
    },
    preload: vi.fn(),
  };
  return { driver, entries, log };
};

let token = true;
let history: ReturnType<typeof fakeHistory>;

const start = (first: string) => {
  history = fakeHistory();
  history.entries.push(first);
  configureNavigator({ driver: history.driver, hasToken: () => token });
  resetStack([first]);
};

beforeEach(() => {
  token = true;
  storage.remove(StorageKey.RouterParams);
  storage.remove(StorageKey.LoginType);
  storage.remove(StorageKey.AfterLogin);
  storage.remove(StorageKey.InviteCode);
  start(Paths.chat);
});

describe('query building', () => {
  it('appends key=value pairs and skips undefined values', () => {
    expect(buildUrl('/pages/user/doc', { type: 'privacy', page: 2, flag: true, skip: undefined })).toBe(
      '/pages/user/doc?type=privacy&page=2&flag=true',
    );
  });

  it('encodes values and extends an existing query', () => {
    expect(buildUrl('/pages/base/h5?title=x', { url: 'https://a.test/?q=1&r=2' })).toBe(
      '/pages/base/h5?title=x&url=https%3A%2F%2Fa.test%2F%3Fq%3D1%26r%3D2',
    );
    expect(parseQuery('?url=https%3A%2F%2Fa.test%2F%3Fq%3D1%26r%3D2').url).toBe('https://a.test/?q=1&r=2');
  });

  it('leaves a path without query pairs untouched', () => {
    expect(buildUrl('/pages/user/set', { a: undefined })).toBe('/pages/user/set');
    expect(buildUrl('/pages/user/set')).toBe('/pages/user/set');
  });

  it('navigate opens the built URL', () => {
    expect(navigate({ path: Paths.userDoc, query: { type: 'agreement', x: undefined } })).toBe(
      '/pages/user/doc?type=agreement',
    );
    expect(history.log).toEqual(['push /pages/user/doc?type=agreement']);
  });
});

describe('navigate modes', () => {
  it('navigateTo pushes, redirectTo replaces', () => {
    navigate(Paths.userSet);
    navigate({ path: Paths.userPassword, mode: 'redirectTo' });
    expect(history.log).toEqual(['push /pages/user/set', 'replace /pages/user/password']);
    expect(pageStack()).toEqual([Paths.chat, Paths.userPassword]);
  });

  it('a tab path always opens as a tab switch, which closes the other pages', () => {
    navigate(Paths.userSet);
    navigate(Paths.userAbout);
    navigate(Paths.my);
    expect(history.log.at(-1)).toBe('replace /pages/index/my');
    expect(pageStack()).toEqual([Paths.my]);
  });

  it('reLaunch starts a new stack', () => {
    navigate(Paths.userSet);
    navigate({ path: Paths.userAbout, mode: 'reLaunch' });
    expect(pageStack()).toEqual([Paths.userAbout]);
  });

  it('switchTab to a page that is not a tab logs an error and goes nowhere', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(navigate({ path: Paths.userSet, mode: 'switchTab' })).toBeNull();
    expect(error).toHaveBeenCalledWith('tab page does not exist', Paths.userSet);
    expect(history.log).toEqual([]);
    error.mockRestore();
  });

  it('keeps params in local storage under router-params', () => {
    navigate({ path: Paths.userQr, params: { from: 'me', n: 1 } });
    expect(JSON.parse(storage.get('router-params') ?? 'null')).toEqual({ from: 'me', n: 1 });
    expect(routerParams()).toEqual({ from: 'me', n: 1 });
  });

  it('preloadPage loads the page without opening it', () => {
    navigate({ path: Paths.userEdit, mode: 'preloadPage' });
    expect(history.driver.preload).toHaveBeenCalledWith(Paths.userEdit);
    expect(history.log).toEqual([]);
  });
});

describe('guards', () => {
  it('without a token a guarded page opens the login page instead', () => {
    token = false;
    start(Paths.login);
    navigate(Paths.userSet);
    expect(history.log).toEqual(['replace /pages/login/index']);
  });

  it('without a token the white-listed doc page opens', () => {
    token = false;
    start(Paths.login);
    navigate({ path: Paths.userDoc, query: { type: 'privacy' } });
    expect(history.log).toEqual(['push /pages/user/doc?type=privacy']);
  });

  it('isGuard false skips the guards', () => {
    token = false;
    start(Paths.login);
    navigate({ path: Paths.userSet, isGuard: false });
    expect(history.log).toEqual(['push /pages/user/set']);
  });

  it('a before-guard may rewrite or cancel the target', () => {
    const remove = addBeforeGuard((path) => (path === Paths.userAbout ? Paths.userSet : path));
    const cancel = addBeforeGuard((path) => (path === Paths.userQr ? false : path));
    navigate(Paths.userAbout);
    expect(navigate(Paths.userQr)).toBeNull();
    remove();
    cancel();
    expect(history.log).toEqual(['replace /pages/user/set']);
  });
});

describe('back and after login', () => {
  it('back goes back when there is a previous page', () => {
    navigate(Paths.userSet);
    back();
    expect(history.log.at(-1)).toBe('go -1');
    expect(pageStack()).toEqual([Paths.chat]);
  });

  it('back from the only page goes to the root', () => {
    start(Paths.userSet);
    back();
    expect(history.log).toEqual(['replace /']);
    expect(pageStack()).toEqual(['/']);
  });

  it('after login returns past the login page when it is in the history', () => {
    token = false;
    start(Paths.userDoc);
    navigate(Paths.login);
    navigate(Paths.sign);
    token = true;
    afterLogin('register');
    expect(history.log.at(-1)).toBe('go -2');
    expect(pageStack()).toEqual([Paths.userDoc]);
    expect(storage.get(StorageKey.LoginType)).toBe('register');
  });

  it('after login opens the page a signed-out visitor asked for, with its invite code kept', () => {
    token = false;
    start(Paths.login);
    navigate({ path: Paths.chatUserDetail, query: { code: 'abc123' } });
    expect(pageStack().at(-1)).toBe(Paths.login);
    expect(storage.get(StorageKey.InviteCode)).toBe('ABC123');
    token = true;
    afterLogin('register');
    expect(pageStack()).toEqual(['/', `${Paths.chatUserDetail}?code=abc123`]);
    // Once: the next login goes home.
    afterLogin('name');
    expect(pageStack()).toEqual(['/']);
  });

  it('after login goes home when the login page was the first page', () => {
    token = false;
    start(Paths.login);
    token = true;
    afterLogin('name');
    expect(history.log).toEqual(['replace /']);
    expect(pageStack()).toEqual(['/']);
    expect(storage.get(StorageKey.LoginType)).toBe('name');
  });
});
