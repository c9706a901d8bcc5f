import { StorageKey, storage } from './storage.ts';

/**
 * A random id of this browser, kept across logins: one push subscription per member and device, and the
 * server tells a sign-in from a new device by it (docs/security.md, "Login activity").
 */
export const deviceId = () => {
  let id = storage.get(StorageKey.PushDevice);
  if (!id) {
    id = crypto.randomUUID();
    storage.set(StorageKey.PushDevice, id);
  }
  return id;
};
