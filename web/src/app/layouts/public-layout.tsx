// The public pages' layout: apart from the signed-in areas' layouts, so a first visit loads none of their headers.
import { AppShell } from './app-shell';
import { PublicHeader } from './public-header';

export function PublicLayout() {
  return <AppShell header={<PublicHeader />} fullBleed />;
}
