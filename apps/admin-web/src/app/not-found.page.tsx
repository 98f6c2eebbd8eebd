import { PageHeading } from '../common/page-heading.component';
import { Link } from '@teamfit/web-ui';
import { PATHS } from '../routing/paths';

export function NotFoundPage() {
  return (
    <section>
      <PageHeading>Page not found</PageHeading>
      <p>This address does not lead to a page. If you followed a link from an e-mail, check that it was copied completely.</p>
      <p>
        <Link to={PATHS.personas}>Go to the personas</Link>
      </p>
    </section>
  );
}
