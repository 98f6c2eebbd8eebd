import type { PageProps } from '../routing/route-table';
import { PageHeading } from '../common/page-heading.component';

export function TeamPage({ params }: PageProps) {
  return (
    <section>
      <PageHeading>Team</PageHeading>
      <p>{params['id']}</p>
    </section>
  );
}
