import { Link } from '@teamfit/web-ui';
import { pageCount } from './list-query';

interface PagerProps {
  page: number;
  total: number;
  limit: number;
  /** The address of another page of the same list. */
  addressOf: (page: number) => string;
  /** What the list holds, for the navigation's name ("Pages of personas"). */
  label: string;
}

/** Previous and next page as real links (each page of a list has its address), and where one is. */
export function Pager({ page, total, limit, addressOf, label }: PagerProps) {
  const pages = pageCount(total, limit);
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <ul>
        <li>
          {page > 1 ? (
            <Link to={addressOf(Math.min(page - 1, pages))} rel="prev">
              Previous page
            </Link>
          ) : null}
        </li>
        <li>
          Page {page} of {pages}
        </li>
        <li>
          {page < pages ? (
            <Link to={addressOf(page + 1)} rel="next">
              Next page
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
