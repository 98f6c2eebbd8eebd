import { createPageHeading } from '@teamfit/web-ui';

/**
 * The console's page heading: a page opened from its address keeps the focus at the top (the
 * skip link first); after the person has done something, a new page or step focuses its heading.
 */
export const PageHeading = createPageHeading({ siteName: 'Team-fit administration', focus: 'after-interaction' });
