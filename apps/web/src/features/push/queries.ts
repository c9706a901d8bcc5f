import { pushApi } from '@chatpay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { deviceId } from '../../lib/device-id.ts';
import { call } from '../../lib/request.ts';
import { usePrefs } from '../settings/index.ts';
import { enablePush, pushSupported, useLastPushAttempt } from './push.ts';
import { canFix, type PushFacts, type PushView, pushView } from './state.ts';

export const pushKeys = {
  /** This device's push state: permission and the server's subscription (pushApi.status). */
  status: () => ['push', 'status'] as const,
};

/**
 * What Settings shows for this device: the permission, and whether the server holds this browser's
 * subscription (`pushApi.status`; null when it did not answer).
 */
export const readPushFacts = async (): Promise<Omit<PushFacts, 'wanted' | 'lastAttempt'>> => {
  if (!pushSupported()) return { supported: false, permission: 'default', onServer: false };
  const permission = Notification.permission;
  if (permission !== 'granted') return { supported: true, permission, onServer: false };
  const reg = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  const sub = await reg?.pushManager.getSubscription().catch(() => null);
  if (!sub) return { supported: true, permission, onServer: false };
  try {
    const { subscribed } = await call(pushApi.status, { deviceId: deviceId(), endpoint: sub.endpoint });
    return { supported: true, permission, onServer: subscribed };
  } catch {
    return { supported: true, permission, onServer: null };
  }
};

/**
 * The real push state of this device for Settings (docs/design/push.md, "Settings"), kept true: read again
 * after every attempt to subscribe, when the member turns notifications on or off, and when the permission
 * changes in the browser's site settings. `fix` asks for the permission and subscribes.
 */
export const usePushState = (): {
  view: PushView | null;
  fixable: boolean;
  fix: () => void;
  fixing: boolean;
} => {
  const qc = useQueryClient();
  const wanted = usePrefs((s) => s.notify);
  const lastAttempt = useLastPushAttempt((s) => s.outcome);
  const facts = useQuery({ queryKey: pushKeys.status(), queryFn: readPushFacts, staleTime: 0 });
  const refresh = () => qc.invalidateQueries({ queryKey: pushKeys.status() });

  useEffect(() => {
    const onChange = () => void qc.invalidateQueries({ queryKey: pushKeys.status() });
    const stops = [
      useLastPushAttempt.subscribe(onChange),
      usePrefs.subscribe((now, before) => {
        if (now.notify !== before.notify) onChange();
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [qc]);

  useEffect(() => {
    if (!pushSupported() || !navigator.permissions) return;
    let status: PermissionStatus | null = null;
    const onChange = () => void qc.invalidateQueries({ queryKey: pushKeys.status() });
    void navigator.permissions
      .query({ name: 'notifications' })
      .then((s) => {
        status = s;
        s.addEventListener('change', onChange);
      })
      .catch(() => undefined);
    return () => status?.removeEventListener('change', onChange);
  }, [qc]);

  const fix = useMutation({ mutationFn: () => enablePush(true), onSettled: refresh });
  const view = facts.data ? pushView({ ...facts.data, wanted, lastAttempt }) : null;
  return { view, fixable: view !== null && canFix(view), fix: () => fix.mutate(), fixing: fix.isPending };
};
