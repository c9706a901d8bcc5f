/**
 * The baseline of bench:chat: a bare Socket.IO server on the same machine with the same namespace and the
 * same shape of traffic (a member's socket joins its own room; a send is relayed to the recipients' rooms),
 * but no HTTP, authentication, database or Redis. Its figures are the cost of the transport alone.
 */
import http from 'node:http';
import { Server } from 'socket.io';

const port = Number(process.env.PORT ?? 0);
const server = http.createServer();
const io = new Server(server, { transports: ['websocket'], serveClient: false });
io.of('/chat').on('connection', (socket) => {
  const id = Number((socket.handshake.auth as { id?: unknown }).id);
  void socket.join(`user:${id}`);
  socket.on('send', (m: { to: number[]; clientMsgId: string }) => {
    const payload = { clientMsgId: m.clientMsgId, senderId: id };
    io.of('/chat')
      .to(m.to.map((to) => `user:${to}`))
      .emit('message', payload);
  });
});
server.listen(port, '127.0.0.1', () => {
  console.log(`echo listening at http://127.0.0.1:${(server.address() as { port: number }).port}`);
});
