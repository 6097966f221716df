import { type ConsentState, consentStorageKey, createConsentStore, onceGranted } from './consent.js';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('consent store', () => {
  it('has not asked yet until a choice is stored', () => {
    const consent = createConsentStore({ storage: memoryStorage() });
    expect(consent.get()).toBeUndefined();
    expect(consent.isGranted()).toBe(false);
  });

  it('reads the stored choice and ignores anything else under the key', () => {
    expect(createConsentStore({ storage: memoryStorage({ [consentStorageKey]: 'granted' }) }).get()).toBe(
      'granted',
    );
    expect(
      createConsentStore({ storage: memoryStorage({ [consentStorageKey]: 'yes' }) }).get(),
    ).toBeUndefined();
  });

  it('persists a choice under dcipher.consent and tells subscribers once per change', () => {
    const storage = memoryStorage();
    const consent = createConsentStore({ storage });
    const heard: ConsentState[] = [];
    const unsubscribe = consent.subscribe((state) => heard.push(state));
    consent.set('denied');
    consent.set('denied');
    consent.set('granted');
    unsubscribe();
    consent.set('denied');
    expect(storage.items.get('dcipher.consent')).toBe('denied');
    expect(heard).toEqual(['denied', 'granted']);
  });

  it('ignores storage failures: the choice holds for the page', () => {
    const consent = createConsentStore({
      storage: {
        getItem: () => {
          throw new Error('blocked');
        },
        setItem: () => {
          throw new Error('quota');
        },
      },
    });
    expect(consent.get()).toBeUndefined();
    expect(() => consent.set('granted')).not.toThrow();
    expect(consent.isGranted()).toBe(true);
  });

  it('runs a once-granted action immediately or on the later grant, only once', () => {
    const consent = createConsentStore({ storage: memoryStorage() });
    const run = jest.fn();
    onceGranted(consent, run);
    consent.set('denied');
    expect(run).not.toHaveBeenCalled();
    consent.set('granted');
    consent.set('denied');
    consent.set('granted');
    expect(run).toHaveBeenCalledTimes(1);

    const now = jest.fn();
    onceGranted(consent, now);
    expect(now).toHaveBeenCalledTimes(1);
  });
});
