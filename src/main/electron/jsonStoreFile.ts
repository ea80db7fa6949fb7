// A small JSON file kept by electron-store (in tests: its base, `conf`), read in a way that never
// loses it. electron-store either throws on a file it cannot parse or, with `clearInvalidConfig`,
// silently replaces it with an empty one; neither is acceptable for the user's settings or their
// encrypted keys. So the text of an unreadable file is handed back to the caller, which keeps a
// copy (see BackupShelf) before anything is written over it.

export type JsonObject = Record<string, unknown>;

/** What a file held when it was opened. */
export type FileContents =
  | { readable: true; data: JsonObject }
  /** Not JSON, or JSON that is not an object: `text` is the file as it was. */
  | { readable: false; text: string };

/** The options this module needs electron-store / conf to be constructed with. */
export interface TolerantStoreOptions {
  deserialize(text: string): JsonObject;
  clearInvalidConfig: false;
}

/** The part of electron-store / conf used here: the whole store as one object. */
export interface WholeStore {
  store: JsonObject;
}

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class JsonStoreFile {
  readonly #store: WholeStore;
  #unreadableText: string | null = null;
  #contentsAtOpen: FileContents;

  /** @param open builds the electron-store / conf instance with the options given to it. */
  constructor(open: (options: TolerantStoreOptions) => WholeStore) {
    this.#store = open({
      deserialize: (text) => {
        try {
          const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
          if (isPlainObject(value)) return value;
        } catch {
          // Falls through: the caller is told and keeps a copy.
        }
        this.#unreadableText = text;
        return {};
      },
      clearInvalidConfig: false,
    });
    this.#contentsAtOpen = this.#read();
  }

  /** The file as it was when this was constructed, before anything could write over it. */
  contentsAtOpen(): FileContents {
    return this.#contentsAtOpen;
  }

  write(data: JsonObject): void {
    this.#store.store = data;
    // A successful write replaces whatever was unreadable.
    this.#contentsAtOpen = { readable: true, data };
  }

  #read(): FileContents {
    this.#unreadableText = null;
    const data = this.#store.store;
    const text = this.#unreadableText as string | null;
    this.#unreadableText = null;
    return text === null ? { readable: true, data: { ...data } } : { readable: false, text };
  }
}

/** At most this many copies are kept; the oldest goes first. */
const MAX_COPIES = 5;

/**
 * Copies of files that could not be used as they were, kept in a JSON file of their own next to
 * them (e.g. settings-backup.json), so a person or a later version can still recover them.
 */
export class BackupShelf {
  readonly #file: JsonStoreFile;
  readonly #now: () => Date;

  constructor(file: JsonStoreFile, now: () => Date = () => new Date()) {
    this.#file = file;
    this.#now = now;
  }

  keepCopy(reason: string, contents: string): void {
    const current = this.#file.contentsAtOpen();
    const copies: unknown[] = current.readable && Array.isArray(current.data['copies']) ? current.data['copies'] : [];
    const next = [...copies, { savedAt: this.#now().toISOString(), reason, contents }].slice(-MAX_COPIES);
    this.#file.write({ copies: next });
  }

  copies(): Array<{ savedAt: string; reason: string; contents: string }> {
    const current = this.#file.contentsAtOpen();
    if (!current.readable || !Array.isArray(current.data['copies'])) return [];
    return current.data['copies'] as Array<{ savedAt: string; reason: string; contents: string }>;
  }
}
