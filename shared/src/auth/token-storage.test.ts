import { cookieAttributes, createTokenStorage, tokenStorageKeys } from './token-storage.js';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('token storage', () => {
  it('writes cookies SameSite=None, Secure, on the product domain with a leading dot', () => {
    const written: string[] = [];
    const doc = {
      set cookie(value: string) {
        written.push(value);
      },
      get cookie() {
        return '';
      },
    };
    const storage = memoryStorage();
    createTokenStorage({ cookieDomain: 'dcipher.io', storage, document: doc }).save(
      { accessToken: 'acc', refreshToken: 'ref' },
      3600,
    );
    expect(written).toEqual([
      'dcipher.accessToken=acc; Path=/; Domain=.dcipher.io; Max-Age=3600; SameSite=None; Secure',
      'dcipher.refreshToken=ref; Path=/; Domain=.dcipher.io; Max-Age=3600; SameSite=None; Secure',
    ]);
    expect(storage.items.get(tokenStorageKeys.accessToken)).toBe('acc');
    expect(storage.items.get(tokenStorageKeys.refreshToken)).toBe('ref');
  });

  it('writes host-only cookies on localhost', () => {
    expect(cookieAttributes('localhost', 10)).toBe('; Path=/; Max-Age=10; SameSite=None; Secure');
  });

  it('silently ignores cookie and storage write failures', () => {
    const doc = {
      set cookie(_: string) {
        throw new Error('blocked');
      },
      get cookie() {
        return '';
      },
    };
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('quota');
      },
    };
    const tokens = createTokenStorage({ cookieDomain: 'dcipher.io', storage, document: doc });
    expect(() => tokens.save({ accessToken: 'a', refreshToken: 'r' }, 60)).not.toThrow();
    expect(() => tokens.clear()).not.toThrow();
  });

  it('reads tokens back, from cookies when storage is empty, and clears both', () => {
    let jar = '';
    const doc = {
      set cookie(value: string) {
        const [pair] = value.split(';');
        const [name] = (pair ?? '').split('=');
        const others = jar.split('; ').filter((part) => part && !part.startsWith(`${name}=`));
        jar = (value.includes('Max-Age=0') ? others : [...others, pair]).join('; ');
      },
      get cookie() {
        return jar;
      },
    };
    const storage = memoryStorage();
    const tokens = createTokenStorage({ cookieDomain: 'localhost', storage, document: doc });
    tokens.save({ accessToken: 'a.b', refreshToken: 'r/1' }, 60);
    storage.items.clear();
    expect(tokens.read()).toEqual({ accessToken: 'a.b', refreshToken: 'r/1' });
    tokens.clear();
    expect(tokens.read()).toEqual({});
  });
});
