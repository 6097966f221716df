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
  it('writes the access token cookie SameSite=None, Secure, on the product domain with a leading dot, and no refresh token', () => {
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
      { accessToken: 'acc' },
      3600,
    );
    expect(written).toEqual([
      'dcipher.accessToken=acc; Path=/; Domain=.dcipher.io; Max-Age=3600; SameSite=None; Secure',
    ]);
    expect(storage.items.get(tokenStorageKeys.accessToken)).toBe('acc');
    expect(storage.items.has(tokenStorageKeys.refreshToken)).toBe(false);
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
    expect(() => tokens.save({ accessToken: 'a' }, 60)).not.toThrow();
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
    tokens.save({ accessToken: 'a.b' }, 60);
    storage.items.clear();
    expect(tokens.read()).toEqual({ accessToken: 'a.b' });
    tokens.clear();
    expect(tokens.read()).toEqual({});
  });

  it('removes a refresh token stored by an earlier version, from storage and cookie', () => {
    let jar = 'dcipher.refreshToken=legacy';
    const doc = {
      set cookie(value: string) {
        if (value.startsWith('dcipher.refreshToken=;') && value.includes('Max-Age=0')) jar = '';
      },
      get cookie() {
        return jar;
      },
    };
    const storage = memoryStorage();
    storage.items.set(tokenStorageKeys.refreshToken, 'legacy');
    storage.items.set(tokenStorageKeys.accessToken, 'a');
    const tokens = createTokenStorage({ cookieDomain: 'localhost', storage, document: doc });
    expect(tokens.read()).toEqual({ accessToken: 'a' });
    expect(storage.items.has(tokenStorageKeys.refreshToken)).toBe(false);
    expect(jar).toBe('');
  });
});
