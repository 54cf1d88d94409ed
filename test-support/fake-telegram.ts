/**
 * A fake Telegram Bot API as a real HTTP server on 127.0.0.1 (port 0): getMe, getUpdates (with
 * offset), sendMessage (recorded), getUserProfilePhotos and getFile, and the file download route.
 * Every method checks the bot token in the path like the real API (401 otherwise). Used by the
 * messenger-bot tests of @gatehouse/auth and of the service.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TelegramChat, TelegramUpdate } from '@gatehouse/auth';

export interface FakeTelegram {
  url: string;
  token: string;
  /** Messages the bot sent, in order. */
  sent: { chat_id: number; text: string }[];
  /** Offsets the client asked getUpdates for. */
  offsets: number[];
  /** Every request path (they contain the token, as with the real API). */
  paths: string[];
  /** Queues a private-chat message for the next getUpdates. */
  userSays(chat: Partial<TelegramChat> & { id: number }, text: string, type?: string): void;
  /** Gives the user with this id a profile photo. */
  setPhoto(userId: number, png: Buffer): void;
  /** Makes getMe fail with 500 until called again with false. */
  failGetMe(fail: boolean): void;
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeTelegram(token = '123456:TEST-bot-token-SECRET'): Promise<FakeTelegram> {
  const updates: TelegramUpdate[] = [];
  const photos = new Map<number, Buffer>();
  const sent: FakeTelegram['sent'] = [];
  const offsets: number[] = [];
  const paths: string[] = [];
  let nextUpdateId = 500;
  let getMeFails = false;

  const methods: Record<string, (body: Record<string, unknown>) => [number, unknown]> = {
    getMe: () =>
      getMeFails
        ? [500, { ok: false, error_code: 500, description: 'Internal Server Error' }]
        : [
            200,
            { ok: true, result: { id: 42, is_bot: true, first_name: 'Gate', username: 'gatehouse_bot' } },
          ],
    getUpdates: (body) => {
      const offset = Number(body.offset ?? 0);
      offsets.push(offset);
      return [200, { ok: true, result: updates.filter((u) => u.update_id >= offset) }];
    },
    sendMessage: (body) => {
      sent.push({ chat_id: Number(body.chat_id), text: String(body.text) });
      return [200, { ok: true, result: { message_id: sent.length } }];
    },
    getUserProfilePhotos: (body) => {
      const has = photos.has(Number(body.user_id));
      const sizes = [
        { file_id: `small-${body.user_id}`, width: 160, height: 160 },
        { file_id: `big-${body.user_id}`, width: 640, height: 640 },
        { file_id: `mid-${body.user_id}`, width: 320, height: 320 },
      ];
      return [200, { ok: true, result: { total_count: has ? 1 : 0, photos: has ? [sizes] : [] } }];
    },
    getFile: (body) => [
      200,
      { ok: true, result: { file_id: body.file_id, file_path: `photos/${body.file_id}.png` } },
    ],
  };

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake.invalid').pathname;
    paths.push(path);
    const file = /^\/file\/bot([^/]+)\/photos\/big-(\d+)\.png$/.exec(path);
    if (file) {
      const png = file[1] === token ? photos.get(Number(file[2])) : undefined;
      res.writeHead(png ? 200 : 404, { 'content-type': 'image/png' });
      res.end(png ?? '');
      return;
    }
    const call = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(path);
    if (!call || call[1] !== token) {
      reply(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      return;
    }
    const method = methods[call[2]!];
    if (!method) {
      reply(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      return;
    }
    const [status, body] = method(await readJson(req));
    reply(res, status, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    sent,
    offsets,
    paths,
    userSays(chat, text, type = 'private') {
      updates.push({ update_id: nextUpdateId++, message: { chat: { type, ...chat }, text } });
    },
    setPhoto(userId, png) {
      photos.set(userId, png);
    },
    failGetMe(fail) {
      getMeFails = fail;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
