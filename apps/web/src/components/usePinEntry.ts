import { ErrorCode, PIN_LENGTH } from '@chatpay/shared';
import { useCallback, useRef, useState } from 'react';
import { ApiError, errorText } from '../lib/errors.ts';

/** A wrong or locked PIN is answered in the sheet itself, so the member can type again at once. */
const isPinError = (error: unknown) =>
  error instanceof ApiError && (error.code === ErrorCode.WrongPin || error.code === ErrorCode.PinLocked);

/**
 * What every PIN sheet does (PaySheet, release, API key): the PIN goes on the sixth digit; a wrong
 * or locked PIN clears the boxes, says why (with the tries left) and focuses them again; any other failure
 * goes to `onOtherError`. Put `box` on the element around the PinInput and call `focus` when the sheet shows.
 */
export const usePinEntry = (
  send: (pin: string) => Promise<unknown>,
  onOtherError: (error: unknown) => void,
) => {
  const [pin, setPin] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const box = useRef<HTMLDivElement>(null);
  const focus = useCallback(() => box.current?.querySelector('input')?.focus(), []);

  const submit = async (value: string) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setMessage('');
    try {
      await send(value);
      setPin('');
    } catch (error) {
      setPin('');
      if (isPinError(error)) {
        setMessage(errorText(error));
        requestAnimationFrame(focus);
      } else {
        onOtherError(error);
      }
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  const change = (value: string) => {
    setPin(value);
    if (value.length === PIN_LENGTH) void submit(value);
  };
  const reset = useCallback(() => {
    setPin('');
    setMessage('');
  }, []);
  return { pin, message, busy, box, focus, change, submit, reset };
};
