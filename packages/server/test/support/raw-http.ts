/**
 * A request sent by hand over a socket, so a test can hold it in flight: the headers go first with
 * `Expect: 100-continue`, and the server's `100 Continue` proves the request reached the app.
 */
import { connect } from 'node:net';

export interface HeldRequest {
  /** Sends the body and resolves to the raw response once the server closes the connection. */
  finish(): Promise<string>;
  /** Resolves to whatever the server sent when it closes the connection. */
  closed(): Promise<string>;
}

export async function holdPost(
  url: string,
  path: string,
  contentType: string,
  body: string,
): Promise<HeldRequest> {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  let received = '';
  const ended = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('data', (chunk) => {
      received += chunk;
      if (received.includes('100 Continue\r\n\r\n')) resolve();
    });
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: ${contentType}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
    );
  });
  received = '';
  return {
    finish: () => {
      // write, not end: a half-closed client socket makes node:http abort the request.
      socket.write(body);
      return ended;
    },
    closed: () => ended,
  };
}
