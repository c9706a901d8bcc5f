import { ErrorCode, type InputOf, messageApi, type OutputOf } from '@chatpay/shared';
import { ApiError, messageForCode } from '../../lib/errors.ts';
import { call } from '../../lib/request.ts';
import { getSocket } from '../../lib/socket.ts';

/** How long a message sent over the socket waits for the server's acknowledgement before HTTP takes over. */
export const SOCKET_SEND_TIMEOUT_MS = 10_000;

type SendInput = InputOf<typeof messageApi.send>;
type SendOutput = OutputOf<typeof messageApi.send>;

/**
 * Sends one message over the open socket (`sendMessage` with an acknowledgement): no HTTP request,
 * no token check per message. HTTP `message/send` (docs/product.md#api) carries it when no socket is
 * connected, when the acknowledgement does not come (the socket dropped or stalled), or when the socket's
 * session was refused (HTTP then refreshes the token or logs out, as for any call). Both paths store a
 * clientMsgId once, so a message that went out on both is stored once. A refusal (too long, not friends, too
 * fast, server error) is the same ApiError as over HTTP, so the outbox retries or fails it in the same way.
 */
export const deliverMessage = async (input: SendInput): Promise<SendOutput> => {
  const socket = getSocket();
  if (socket?.connected) {
    const parsed = messageApi.send.input.safeParse(input);
    const reply = await socket
      .timeout(SOCKET_SEND_TIMEOUT_MS)
      .emitWithAck('sendMessage', parsed.success ? parsed.data : input)
      .catch(() => null);
    if (reply?.code === ErrorCode.Success) {
      const stored = messageApi.send.output.safeParse(reply.data);
      if (stored.success) return stored.data;
    } else if (reply && reply.code !== ErrorCode.Unauthorized) {
      throw new ApiError(
        messageForCode(reply.code, reply.message, reply.data),
        reply.code,
        reply.data ?? null,
        reply.code === ErrorCode.Internal ? 500 : 200,
      );
    }
  }
  return call(messageApi.send, input);
};
