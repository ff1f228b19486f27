import type { FastifyInstance } from 'fastify';

/**
 * Graceful shutdown's last part: once the shop stops, every answer still going out closes its
 * connection (`Connection: close`), so a keep-alive client of a request in flight does not hold the
 * server open. New requests get 503 from the adapter (return503OnClosing). Answers the switch.
 */
export function closeConnectionsWhenStopping(fastify: FastifyInstance): () => void {
  let stopping = false;
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping) reply.header('Connection', 'close');
    done(null, payload);
  });
  return () => {
    stopping = true;
  };
}
