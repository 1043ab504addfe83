import { InfoPage } from './components/info-page';

export default function CareersPage() {
  return <InfoPage title="Careers" lead="There are no open positions at the moment." />;
}
