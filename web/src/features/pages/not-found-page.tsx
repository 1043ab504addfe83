import { Link } from 'react-router-dom';
import './pages.css';

export default function NotFoundPage() {
  return (
    <div className="page info-page">
      <h1>Page not found</h1>
      <p className="info-lead">The page you were looking for does not exist or has moved.</p>
      <Link to="/" className="button">
        Go to the home page
      </Link>
    </div>
  );
}
