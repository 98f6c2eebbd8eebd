import type { ApiProblem } from '@teamfit/api-client';
import { type FormEvent, useState } from 'react';
import { useConsole } from '../app/console-context';
import { PageHeading } from '../common/page-heading.component';
import { ProblemAlert } from '../common/problem-alert.component';

interface SignInPageProps {
  /** Why the sign-in is asked for again (an ended session), if it is. */
  notice: string | null;
}

/**
 * The administrator's sign-in with an e-mailed code (the account endpoints, PKCE in the browser):
 * the address first, then the code. The page asked for stays in the address bar and shows once
 * signed in.
 */
export function SignInPage({ notice }: SignInPageProps) {
  const { signIn } = useConsole();
  const [email, setEmail] = useState(signIn.emailAddress ?? '');
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
        <PageHeading>Sign in</PageHeading>
        {notice ? <p className="notice">{notice}</p> : null}
        <p>We will e-mail you a code to sign in with. Use the address of your administrator account.</p>
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
      <PageHeading title="Enter your code">Enter the code from the e-mail</PageHeading>
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
