/**
 * @module isolation/channel
 * The framing of the service-worker channel: one JSON message per line over a pipe (JSON text
 * never holds a raw newline). Not Node's IPC channel: its reader buffers a message of any size
 * (a worker writing to the channel's descriptor without a newline grows the service's memory until
 * a RangeError ends it) and its serialiser throws into the event loop. Here a line longer than the
 * reader's limit stops the reading and is reported once, and a message that cannot be serialised
 * is a return value, never a throw.
 */
import type { Duplex } from 'node:stream';

const NEWLINE = 0x0a;

/**
 * Splits a byte stream into lines of at most `maxLine` bytes. A longer line is reported to
 * `overflow` and its bytes dropped up to the next newline.
 */
export class LineSplitter {
  readonly #maxLine: number;
  readonly #line: (line: string) => void;
  readonly #overflow: (bytes: number) => void;
  #parts: Buffer[] = [];
  #size = 0;
  #dropping = false;

  constructor(maxLine: number, line: (line: string) => void, overflow: (bytes: number) => void) {
    this.#maxLine = maxLine;
    this.#line = line;
    this.#overflow = overflow;
  }

  push(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end >= 0; end = chunk.indexOf(NEWLINE, start)) {
      this.#take(chunk.subarray(start, end));
      const parts = this.#parts;
      const dropped = this.#dropping;
      this.#parts = [];
      this.#size = 0;
      this.#dropping = false;
      if (!dropped)
        this.#line(parts.length === 1 ? parts[0]!.toString('utf8') : Buffer.concat(parts).toString('utf8'));
      start = end + 1;
    }
    if (start < chunk.length) this.#take(chunk.subarray(start));
  }

  #take(part: Buffer): void {
    if (this.#dropping) return;
    this.#size += part.length;
    if (this.#size > this.#maxLine) {
      this.#dropping = true;
      this.#parts = [];
      this.#overflow(this.#size);
      return;
    }
    this.#parts.push(part);
  }
}

/** One end of the channel: JSON messages out, parsed lines in. */
export class JsonChannel {
  readonly #socket: Duplex;

  constructor(
    socket: Duplex,
    maxLine: number,
    message: (value: unknown) => void,
    broken: (why: string) => void,
  ) {
    this.#socket = socket;
    const splitter = new LineSplitter(
      maxLine,
      (line) => {
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch {
          broken('a message that is not JSON');
          return;
        }
        message(value);
      },
      (bytes) => {
        socket.destroy();
        broken(`a message of more than ${bytes} bytes (limit ${maxLine})`);
      },
    );
    socket.on('data', (chunk: Buffer) => splitter.push(chunk));
    socket.on('error', () => {}); // a closed peer shows as the process's exit
  }

  /** Sends `message`; answers why it could not be serialised or written, else undefined. */
  send(message: unknown): string | undefined {
    let line: string;
    try {
      line = `${JSON.stringify(message)}\n`;
    } catch (err) {
      return `cannot be serialised: ${String(err).slice(0, 200)}`;
    }
    if (this.#socket.destroyed || !this.#socket.writable) return 'the channel is closed';
    this.#socket.write(line);
    return undefined;
  }

  close(): void {
    this.#socket.end();
  }
}
