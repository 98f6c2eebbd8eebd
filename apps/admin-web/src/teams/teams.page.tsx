import { PageHeading } from '../common/page-heading.component';

export function TeamsPage() {
  return (
    <section>
      <PageHeading>Teams</PageHeading>
    </section>
  );
}
