import { createPageHeading } from '@teamfit/web-ui';

/** The hub's page heading: it takes the focus whenever a page or step appears. */
export const PageHeading = createPageHeading({ siteName: 'Team-fit', focus: 'always' });
