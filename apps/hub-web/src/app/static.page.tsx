import { PageHeading } from '../common/page-heading.component';
import { Link } from '@teamfit/web-ui';

export function HomePage() {
  return (
    <section>
      <PageHeading>Welcome</PageHeading>
      <p>To answer your questionnaire, open the link in the invitation e-mail you received.</p>
      <p>
        Need help? <Link to="/service-requests">Contact support</Link>.
      </p>
    </section>
  );
}

export function NotFoundPage() {
  return (
    <section>
      <PageHeading>Page not found</PageHeading>
      <p>This address does not lead to a page. If you followed a link from an e-mail, check that it was copied completely.</p>
      <p>
        <Link to="/">Go to the start page</Link>
      </p>
    </section>
  );
}
