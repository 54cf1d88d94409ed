/**
 * A user-defined store as an integrator would write one: a Map, implementing the whole AvatarStore
 * interface (including removal). It is the thing under test in the user-defined store case.
 */
import { createHash } from 'node:crypto';
import { avatarIdFor } from '../../../src/avatar/id.js';
import type { AvatarStore } from '../../../src/avatar/types.js';

export class MapAvatarStore implements AvatarStore {
  readonly entries = new Map<string, { data: Buffer; fingerprint: string }>();
  closed = false;

  async put(userId: string, data: Buffer): Promise<string> {
    const id = avatarIdFor(userId);
    const fingerprint = createHash('sha256').update(data).digest('hex');
    this.entries.set(id, { data: Buffer.from(data), fingerprint });
    return id;
  }
  async get(avatarId: string): Promise<Buffer | undefined> {
    return this.entries.get(avatarId)?.data;
  }
  async fingerprint(avatarId: string): Promise<string | undefined> {
    return this.entries.get(avatarId)?.fingerprint;
  }
  async remove(avatarId: string): Promise<void> {
    this.entries.delete(avatarId);
  }
  async *list(): AsyncIterable<string> {
    yield* [...this.entries.keys()];
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}
