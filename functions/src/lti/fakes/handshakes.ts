// Login handshakes in memory, keeping the repository's promise: each is taken once.
import type { LoginHandshake, LoginHandshakeStore } from '../port';

export class InMemoryHandshakes implements LoginHandshakeStore {
  readonly pending = new Map<string, LoginHandshake>();

  async put(handshake: LoginHandshake) {
    this.pending.set(handshake.state, { ...handshake });
  }

  async take(state: string) {
    const found = this.pending.get(state);
    this.pending.delete(state);
    return found;
  }
}
