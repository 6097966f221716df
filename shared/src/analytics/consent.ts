// The visitor's analytics consent. Nothing analytics-related (events, the data layer, third-party scripts) is
// sent or loaded until the choice is 'granted'; undefined means the visitor has not been asked yet.

export type ConsentChoice = 'granted' | 'denied';
export type ConsentState = ConsentChoice | undefined;

export const consentStorageKey = 'dcipher.consent';

/** What the analytics modules need from the consent store: read the choice and hear it change. */
export interface ConsentReader {
  get(): ConsentState;
  isGranted(): boolean;
  subscribe(listener: (state: ConsentState) => void): () => void;
}

export interface ConsentStore extends ConsentReader {
  set(choice: ConsentChoice): void;
}

export interface ConsentStoreOptions {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

function browserStorage(): Pick<Storage, 'getItem' | 'setItem'> | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Reading `localStorage` itself throws when the browser blocks site data.
    return undefined;
  }
}

function readChoice(storage: Pick<Storage, 'getItem'> | undefined): ConsentState {
  try {
    const value = storage?.getItem(consentStorageKey);
    return value === 'granted' || value === 'denied' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function createConsentStore(options: ConsentStoreOptions = {}): ConsentStore {
  const storage = options.storage ?? browserStorage();
  const listeners = new Set<(state: ConsentState) => void>();
  let state = readChoice(storage);

  return {
    get: () => state,
    isGranted: () => state === 'granted',
    set(choice) {
      if (choice === state) return;
      state = choice;
      try {
        storage?.setItem(consentStorageKey, choice);
      } catch {
        // Storage full or blocked: the choice still holds for this page and is asked again next visit.
      }
      for (const listener of [...listeners]) listener(state);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** Runs `run` once, as soon as consent is granted (now, or on a later change). Returns a cancel function. */
export function onceGranted(consent: ConsentReader, run: () => void): () => void {
  if (consent.isGranted()) {
    run();
    return () => {};
  }
  const unsubscribe = consent.subscribe((state) => {
    if (state !== 'granted') return;
    unsubscribe();
    run();
  });
  return unsubscribe;
}
