// The domain settings in memory, keeping the repository's promises (off until saved).
import type { DomainSettingStore } from '../port';

export function makeInMemoryDomainSettings(): DomainSettingStore {
  const settings = new Map<string, boolean>();
  return {
    studentsMayJoin: async (domain) => settings.get(domain) === true,
    list: async () => [...settings].map(([domain, studentsMayJoin]) => ({ domain, studentsMayJoin })),
    save: async ({ domain, studentsMayJoin }) => {
      settings.set(domain, studentsMayJoin);
    },
  };
}
