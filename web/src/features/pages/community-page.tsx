import { Link } from 'react-router-dom';
import { InfoPage } from './components/info-page';

export default function CommunityPage() {
  return (
    <InfoPage title="Community" lead="There is no community forum yet.">
      <p>
        For now, teachers share modules within their own classes. For questions about using the platform, see the{' '}
        <Link to="/help-center">Help Center</Link>.
      </p>
    </InfoPage>
  );
}
