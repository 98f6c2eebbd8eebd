import type { ApiProblem, SignInFlow } from '@teamfit/api-client';
import { type ComponentType, type FormEvent, useState } from 'react';
import type { PageHeadingProps } from './page-heading.component';
import { ProblemAlert } from './problem-alert.component';

export interface SignInFormProps {
  /** The app's sign-in flow (its session kind and endpoints). */
  signIn: SignInFlow;
  /** The app's page heading (createPageHeading). */
  heading: ComponentType<PageHeadingProps>;
  /** Which address to use, in the app's words. */
  addressHint: string;
  /** An address to fill in before the person types one (e.g. the one an invitation carried). */
  emailHint?: string | null;
  /** Why the sign-in is asked for again (an ended session), if it is. */
  notice: string | null;
}

/**
 * Sign-in with an e-mailed code: the address first, then the code. The page asked for stays in the
 * address bar and shows once signed in.
 */
export function SignInForm({ signIn, heading: Heading, addressHint, emailHint = null, notice }: SignInFormProps) {
  const [email, setEmail] = useState(signIn.emailAddress ?? emailHint ?? '');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'email' | 'code'>(signIn.emailAddress ? 'code' : 'email');
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const requestCode = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await signIn.requestCode(email.trim());
    setBusy(false);
    if (!result.ok) return setProblem(result.problem);
    setProblem(null);
    setCode('');
    setStep('code');
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await signIn.verify(code);
    setBusy(false);
    if (result.ok) return;
    setProblem(result.problem);
    if (result.problem.kind === 'sign-in-again') setStep('email');
  };

  const startOver = () => {
    signIn.restart();
    setProblem(null);
    setStep('email');
  };

  if (step === 'email') {
    return (
      <section>
        <Heading>Sign in</Heading>
        {notice ? <p className="notice">{notice}</p> : null}
        <p>We will e-mail you a code to sign in with. {addressHint}</p>
        <ProblemAlert problem={problem} />
        <form onSubmit={(event) => void requestCode(event)}>
          <label htmlFor="sign-in-email">E-mail address</label>
          <input
            id="sign-in-email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button type="submit" className="primary" aria-disabled={busy}>
            {busy ? 'Sending the code…' : 'Send me a code'}
          </button>
        </form>
      </section>
    );
  }

  return (
    <section>
      <Heading title="Enter your code">Enter the code from the e-mail</Heading>
      <p>
        We sent a code to <strong>{signIn.emailAddress ?? email}</strong>. It is valid for 10 minutes.
      </p>
      <ProblemAlert problem={problem} />
      <form onSubmit={(event) => void verify(event)}>
        <label htmlFor="sign-in-code">Code</label>
        <input
          id="sign-in-code"
          type="text"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="primary" aria-disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <button type="button" className="link" onClick={startOver}>
        Use another address or get a new code
      </button>
    </section>
  );
}
