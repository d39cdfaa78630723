import { Link } from 'wouter';
import { paths } from '../../../paths';
import { EmptyState } from '../../shared/LoadState';
import { usePageTitle } from '../../shared/usePageTitle';
import '../report.css';

/** A report page with nothing to show for its link (no record id, no subject, a wrong kind): why, and the way to the user's records. */
export function ReportMissing({ title, message, tab = 1 }: { title: string; message: string; tab?: 1 | 2 | 3 }) {
  usePageTitle(title);
  return (
    <main className="xt-report xt-report--bare">
      <h1 className="xt-report__title">{title}</h1>
      <EmptyState message={message} action={<Link href={paths.questionBankRecord({ tab })}>去做题记录</Link>} />
    </main>
  );
}
