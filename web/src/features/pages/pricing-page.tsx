import { Link } from 'react-router-dom';
import { InfoPage } from './components/info-page';

export default function PricingPage() {
  return (
    <InfoPage title="Pricing" lead="There are no public plans or prices yet.">
      <p>
        Accounts are set up by the school or organisation that runs the platform for its teachers and students. Ask them about
        access. See <Link to="/about">About</Link> for what the platform does today.
      </p>
    </InfoPage>
  );
}
