/** A study-progress bar with its percentage in words (for screen readers too). */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <span className="xt-mycourse__progress">
      <span className="xt-mycourse__track" role="progressbar" aria-label={label} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
        <span className="xt-mycourse__bar" style={{ width: `${percent}%` }} />
      </span>
      <span className="xt-mycourse__percent">{label}</span>
    </span>
  );
}
