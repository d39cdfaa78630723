/** The player's catalogue: the course's coursewares by chapter and section, each with its progress; the one playing marked. */
import { Link } from 'wouter';
import type { CoursewareProgress } from '../../../domain/learning/contract';
import { PLAYER_TEXTS as T } from '../../../domain/learning/player.texts';
import { formatDuration } from '../../../domain/shared/format';
import { paths } from '../../../paths';

export const COURSEWARE_TYPE_LABELS: Record<string, string> = { VIDEO: '视频', AUDIO: '音频', EBOOK: '讲义', PAPER: '试卷', LIVE: '直播' };

interface Group {
  key: string;
  title: string;
  wares: CoursewareProgress[];
}

function groupsOf(wares: readonly CoursewareProgress[]): Group[] {
  const groups: Group[] = [];
  for (const ware of wares) {
    const title = ware.section ? `${ware.chapter} · ${ware.section}` : ware.chapter;
    const last = groups.at(-1);
    if (last && last.title === title) last.wares.push(ware);
    else groups.push({ key: `${ware.coursewareId}`, title, wares: [ware] });
  }
  return groups;
}

export function PlayerCatalogue({ courseId, wares, currentId }: { courseId: number; wares: readonly CoursewareProgress[]; currentId: number }) {
  return (
    <nav className="xt-player__catalogue" aria-label={T.catalogue}>
      <h2 className="xt-player__side-title">{T.catalogue}</h2>
      {groupsOf(wares).map((group) => (
        <section key={group.key} className="xt-player__group">
          <h3 className="xt-player__group-title">{group.title}</h3>
          <ul className="xt-player__wares">
            {group.wares.map((ware) => {
              const current = ware.coursewareId === currentId;
              const href = ware.type === 'PAPER' && ware.paperId ? paths.paperDetail(ware.paperId) : paths.coursePlayer(courseId, ware.coursewareId);
              const percent = ware.studyPercentageInfo.studyPercentage;
              return (
                <li key={ware.coursewareId}>
                  <Link href={href} className={`xt-player__ware${current ? ' xt-player__ware--current' : ''}`} aria-current={current ? 'true' : undefined}>
                    <span className="xt-player__ware-type">{COURSEWARE_TYPE_LABELS[ware.type] ?? ware.type}</span>
                    <span className="xt-player__ware-name">{ware.coursewareName}</span>
                    {ware.duration > 0 && <span className="xt-player__ware-meta">{formatDuration(ware.duration)}</span>}
                    {ware.duration > 0 && (
                      <span
                        className="xt-player__ware-progress"
                        role="progressbar"
                        aria-label={T.progress(percent)}
                        aria-valuenow={percent}
                        aria-valuemin={0}
                        aria-valuemax={100}
                      >
                        <span className="xt-player__ware-bar" style={{ width: `${percent}%` }} />
                      </span>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </nav>
  );
}
