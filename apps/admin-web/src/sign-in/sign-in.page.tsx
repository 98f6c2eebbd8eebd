import { SignInForm } from '@teamfit/web-ui';
import { useConsole } from '../app/console-context';
import { PageHeading } from '../common/page-heading.component';

interface SignInPageProps {
  /** Why the sign-in is asked for again (an ended session), if it is. */
  notice: string | null;
}

/**
 * The administrator's sign-in with an e-mailed code (the account endpoints, PKCE in the browser).
 * The page asked for stays in the address bar and shows once signed in.
 */
export function SignInPage({ notice }: SignInPageProps) {
  const { signIn } = useConsole();
  return <SignInForm signIn={signIn} heading={PageHeading} addressHint="Use the address of your administrator account." notice={notice} />;
}
