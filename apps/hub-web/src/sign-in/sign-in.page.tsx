import { SignInForm } from '@teamfit/web-ui';
import { useHub } from '../app/hub-context';
import { PageHeading } from '../common/page-heading.component';

interface SignInPageProps {
  /** The address an invitation link carried, filled in for the candidate. */
  emailHint: string | null;
  /** Why the sign-in is asked for again (an ended session), if it is. */
  notice: string | null;
}

/**
 * The candidate's sign-in with an e-mailed code (the persona endpoints). The page the candidate
 * asked for stays in the address bar and shows once signed in.
 */
export function SignInPage({ emailHint, notice }: SignInPageProps) {
  const { signIn } = useHub();
  return (
    <SignInForm
      signIn={signIn}
      heading={PageHeading}
      addressHint="Use the address your invitation was sent to."
      emailHint={emailHint}
      notice={notice}
    />
  );
}
