import type { PageProps } from '../routing/route-table';
import { PageHeading } from '../common/page-heading.component';

export function PersonaPage({ params }: PageProps) {
  return (
    <section>
      <PageHeading>Persona</PageHeading>
      <p>{params['id']}</p>
    </section>
  );
}
