import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { QuestionnairePage } from '../evaluation/questionnaire.page';
import { Link, useLocationKey } from '@teamfit/web-ui';
import { emailFromFragment, matchRoute, needsSignIn, type Route } from '../routing/routes';
import { ServiceRequestPage } from '../service-requests/service-request.page';
import { ServiceRequestsPage } from '../service-requests/service-requests.page';
import { SignInPage } from '../sign-in/sign-in.page';
import { useHub } from './hub-context';
import { HomePage, NotFoundPage } from './static.page';

function page(route: Route) {
  switch (route.name) {
    case 'home':
      return <HomePage />;
    case 'evaluation':
      return <QuestionnairePage evaluationId={route.evaluationId} />;
    case 'service-requests':
      return <ServiceRequestsPage />;
    case 'service-request':
      return <ServiceRequestPage requestId={route.requestId} />;
    case 'not-found':
      return <NotFoundPage />;
  }
}

/**
 * The hub's frame: a skip link, the header with sign-out, and the page of the address. A page
 * that needs a signed-in persona shows the sign-in in its place, and itself once signed in; an
 * ended session comes back to the sign-in on the same address.
 */
export function App() {
  const { session, signIn } = useHub();
  useLocationKey();
  const signedIn = useSyncExternalStore(
    (onChange) => session.subscribe(onChange),
    () => session.signedIn,
  );
  const [ended, setEnded] = useState(false);
  // A sign-out the person asked for is not an ended session: no notice for it.
  const signingOut = useRef(false);
  // The invitation's address, read once: the fragment is cleared below so it stays out of history.
  const [emailHint] = useState(() => emailFromFragment(window.location.hash));

  useEffect(() => {
    if (emailHint) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }, [emailHint]);

  useEffect(
    () =>
      session.subscribe((now) => {
        if (!now) setEnded(!signingOut.current);
      }),
    [session],
  );

  const route = matchRoute(window.location.pathname);
  const signOut = async () => {
    signingOut.current = true;
    await signIn.signOut();
    signingOut.current = false;
  };

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link to="/" className="brand">
          Team-fit
        </Link>
        <nav aria-label="Main">
          <ul>
            {signedIn ? (
              <>
                <li>
                  <Link to="/service-requests">Support</Link>
                </li>
                <li>
                  <button type="button" className="link" onClick={() => void signOut()}>
                    Sign out
                  </button>
                </li>
              </>
            ) : null}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {needsSignIn(route) && !signedIn ? (
          <SignInPage
            emailHint={emailHint}
            notice={ended ? 'Your session has ended. Please sign in again to continue where you were.' : null}
          />
        ) : (
          page(route)
        )}
      </main>
    </>
  );
}
