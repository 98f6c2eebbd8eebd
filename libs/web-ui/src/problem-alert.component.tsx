import { type ApiProblem, describeProblem } from '@teamfit/api-client';

/** A problem in plain words, announced at once (role="alert"). */
export function ProblemAlert({ problem }: { problem: ApiProblem | null }) {
  return (
    <div role="alert" className="alert-slot">
      {problem ? <p className="problem">{describeProblem(problem)}</p> : null}
    </div>
  );
}
