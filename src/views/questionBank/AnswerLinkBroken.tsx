import { Link } from 'wouter';
import { paths } from '../../paths';

/** An answer page whose link lacks what to answer (or names it wrongly): nothing is started, the way back is offered. */
export function AnswerLinkBroken({ message }: { message: string }) {
  return (
    <main className="xt-answer xt-answer--loading">
      <p role="alert">{message}</p>
      <Link href={paths.questionBankHome()} className="xt-btn xt-btn--primary">
        返回题库
      </Link>
    </main>
  );
}
