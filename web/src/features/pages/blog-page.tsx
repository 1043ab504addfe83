import { Link } from 'react-router-dom';
import { InfoPage } from './components/info-page';

export default function BlogPage() {
  return (
    <InfoPage title="Blog" lead="No posts yet.">
      <p>
        News about the platform will be published here. Until then, the <Link to="/help-center">Help Center</Link> explains how
        everything works.
      </p>
    </InfoPage>
  );
}
