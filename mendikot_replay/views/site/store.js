// What the site keeps in the browser: the files saved (their bytes, every one) and the deals
// being recorded (a draft per tab), in IndexedDB — transactional, and with room for a club's
// whole file, where localStorage holds a few megabytes of text. Two object stores:
//   files:  {name, bytes: Uint8Array, saved: time}            keyed by name
//   drafts: {id, name, base: Uint8Array, kept, text, names, cards, updated}   keyed by tab
// A browser without IndexedDB (or that refuses it: some private windows) gets the same calls
// over memory, for this visit only; `lasting()` says which.

const DATABASE = "mendikot-replay";
const VERSION = 1;

let opening = null;
let memory = null; // {files: Map, drafts: Map} where IndexedDB cannot be had

function request(operation) {
  return new Promise((resolve, reject) => {
    operation.onsuccess = () => resolve(operation.result);
    operation.onerror = () => reject(operation.error);
  });
}

const STORES = ["files", "drafts"];
const KEYS = { files: "name", drafts: "id" };

/** The database at `version` (none: its own), its stores made where they are missing. */
function openAt(version) {
  return new Promise((resolve) => {
    let asked;
    try {
      asked = version === undefined ? indexedDB.open(DATABASE) : indexedDB.open(DATABASE, version);
    } catch {
      resolve(null);
      return;
    }
    asked.onupgradeneeded = () => {
      const db = asked.result;
      for (const name of STORES) {
        if (!db.objectStoreNames.contains(name)) db.createObjectStore(name, { keyPath: KEYS[name] });
      }
    };
    asked.onsuccess = () => {
      const db = asked.result;
      db.onversionchange = () => {
        db.close(); // another tab makes the stores: it goes first, and we open again after
        opening = null;
      };
      resolve(db);
    };
    asked.onerror = () => resolve(null);
    asked.onblocked = () => resolve(null);
  });
}

function database() {
  if (!opening) {
    opening = openAt(undefined).then((db) => {
      if (!db || STORES.every((name) => db.objectStoreNames.contains(name))) return db;
      // a database of this name without our stores (made by hand, or half-made): one
      // version more, in which they are made; nothing already in it is touched
      const next = Math.max(db.version, VERSION) + 1;
      db.close();
      return openAt(next);
    });
  }
  return opening;
}

async function stored(name, mode, work) {
  const db = await database();
  if (!db) {
    memory ??= { files: new Map(), drafts: new Map() };
    return work(null, memory[name]);
  }
  const transaction = db.transaction(name, mode);
  const done = new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error || new DOMException("aborted", "AbortError"));
  });
  const result = await work(transaction.objectStore(name), null);
  await done; // written for good (or the error, such as QuotaExceededError, is thrown)
  return result;
}

/** Whether what is kept lasts beyond this visit (IndexedDB), or only in memory. */
export async function lasting() {
  return (await database()) !== null;
}

/** Ask the browser not to evict what the site keeps when space runs low (a club's file). */
export async function askToPersist() {
  try {
    if (navigator.storage && navigator.storage.persist && !(await navigator.storage.persisted())) {
      return await navigator.storage.persist();
    }
    return true;
  } catch {
    return false;
  }
}

/** The file kept under `name`, or null. */
export function getFile(name) {
  return stored("files", "readonly", (store, map) =>
    store ? request(store.get(name)).then((found) => found ?? null) : (map.get(name) ?? null),
  );
}

/** The names of the files kept. */
export function fileNames() {
  return stored("files", "readonly", (store, map) =>
    store ? request(store.getAllKeys()) : [...map.keys()],
  );
}

/** Keep `bytes` as the file `name` (replacing what was kept under that name). */
export function putFile(name, bytes) {
  const entry = { name, bytes, saved: Date.now() };
  return stored("files", "readwrite", (store, map) => (store ? request(store.put(entry)) : map.set(name, entry)));
}

/** Keep this tab's draft (replacing its last one). */
export function putDraft(draft) {
  return stored("drafts", "readwrite", (store, map) => (store ? request(store.put(draft)) : map.set(draft.id, draft)));
}

/** Forget a tab's draft (saved, or taken up by another tab). */
export function dropDraft(id) {
  return stored("drafts", "readwrite", (store, map) => (store ? request(store.delete(id)) : map.delete(id)));
}

/** Every draft kept, newest first. */
export async function allDrafts() {
  const drafts = await stored("drafts", "readonly", (store, map) =>
    store ? request(store.getAll()) : [...map.values()],
  );
  return drafts.sort((a, b) => (b.updated || 0) - (a.updated || 0));
}
