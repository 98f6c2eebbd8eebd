import { Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, navigate, useLocationKey } from '@teamfit/web-ui';
import { PATHS } from '../routing/paths';
import { matchRoute, type PageRoute } from '../routing/route-table';
import { SignInPage } from '../sign-in/sign-in.page';
import { useConsole } from './console-context';
import { NotFoundPage } from './not-found.page';

/**
 * The console's frame: a skip link, the header with the main navigation and sign-out, and the
 * page of the address. Every page needs a signed-in account: signed out, the sign-in shows in the
 * page's place and the address stays, so signing in lands on the address asked for (a link from an
 * e-mail, a bookmark); an ended session comes back to the sign-in on the same address.
 */
export function App({ routes }: { routes: readonly PageRoute[] }) {
  const { session, signIn } = useConsole();
  useLocationKey();
  const signedIn = useSyncExternalStore(
    (onChange) => session.subscribe(onChange),
    () => session.signedIn,
  );
  const [ended, setEnded] = useState(false);
  // A sign-out the person asked for is not an ended session: no notice for it.
  const signingOut = useRef(false);

  useEffect(
    () =>
      session.subscribe((now) => {
        if (!now) setEnded(!signingOut.current);
      }),
    [session],
  );

  const pathname = window.location.pathname;
  const atRoot = pathname.replace(/\/+$/, '') === '';
  useEffect(() => {
    if (atRoot) navigate(PATHS.personas, { replace: true });
  }, [atRoot]);

  const match = matchRoute(routes, pathname);
  const signOut = async () => {
    signingOut.current = true;
    await signIn.signOut();
    signingOut.current = false;
  };

  let content;
  if (!signedIn) {
    content = <SignInPage notice={ended ? 'Your session has ended. Please sign in again to continue where you were.' : null} />;
  } else if (atRoot) {
    content = null;
  } else if (!match) {
    content = <NotFoundPage />;
  } else {
    const Page = match.route.page;
    // A new path is a new page (its heading takes the focus again), even on the same route; a new
    // query (another page of a list, other filters) is the same page showing other items.
    content = (
      <Suspense fallback={<p role="status">Loading…</p>}>
        <Page key={pathname} params={match.params} />
      </Suspense>
    );
  }

  return (
    <>
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          // Focus moves to the content without a #main in the address, which stays the page's.
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <header className="site-header">
        <Link to={PATHS.personas} className="brand">
          Team-fit administration
        </Link>
        {signedIn ? (
          <nav aria-label="Main">
            <ul>
              {routes
                .filter((route) => route.nav)
                .map((route) => (
                  <li key={route.path}>
                    <Link to={route.path} aria-current={match?.route.path === route.path ? 'page' : undefined}>
                      {route.nav}
                    </Link>
                  </li>
                ))}
              <li>
                <button type="button" className="link" onClick={() => void signOut()}>
                  Sign out
                </button>
              </li>
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="main" tabIndex={-1}>
        {content}
      </main>
    </>
  );
}
