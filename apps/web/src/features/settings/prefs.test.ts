import { beforeEach, describe, expect, it } from 'vitest';
import { StorageKey, storage } from '../../lib/storage.ts';
import {
  DEFAULT_PREFS,
  notifyAllowed,
  orderSoundAllowed,
  readPrefs,
  soundAllowed,
  usePrefs,
} from './prefs.ts';

describe('device settings', () => {
  beforeEach(() => {
    storage.remove(StorageKey.Prefs);
    usePrefs.setState(readPrefs());
  });

  it('start with notifications and sound on', () => {
    expect(readPrefs()).toEqual(DEFAULT_PREFS);
    expect(soundAllowed()).toBe(true);
    expect(notifyAllowed()).toBe(true);
  });

  it('are stored when changed and read back', () => {
    usePrefs.getState().set({ sound: false });
    expect(storage.getJson(StorageKey.Prefs)).toEqual({
      notify: true,
      sound: false,
      orderSound: true,
      preview: true,
    });
    expect(readPrefs()).toEqual({ notify: true, sound: false, orderSound: true, preview: true });
    expect(soundAllowed()).toBe(false);
    expect(notifyAllowed()).toBe(true);
  });

  it('silence the sound when notifications are off', () => {
    usePrefs.getState().set({ notify: false });
    expect(soundAllowed()).toBe(false);
    expect(notifyAllowed()).toBe(false);
    expect(usePrefs.getState().sound).toBe(true);
  });

  it('chime for orders only with the order sound on and the general sound allowed', () => {
    expect(orderSoundAllowed()).toBe(true);
    usePrefs.getState().set({ orderSound: false });
    expect(orderSoundAllowed()).toBe(false);
    expect(soundAllowed()).toBe(true);
    usePrefs.getState().set({ orderSound: true, sound: false });
    expect(orderSoundAllowed()).toBe(false);
  });

  it('ignore malformed stored values', () => {
    storage.set(StorageKey.Prefs, '{"notify":"no","sound":0}');
    expect(readPrefs()).toEqual(DEFAULT_PREFS);
    storage.set(StorageKey.Prefs, 'not json');
    expect(readPrefs()).toEqual(DEFAULT_PREFS);
  });
});
