import { Link, useSearch } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import type { TeacherCard, TeacherGroup } from '../../../domain/catalog/contract';
import { teacherPageMachine } from '../../../machines/catalog/teacherPage.machine';
import { paths } from '../../../paths';
import { EmptyState } from '../../shared/LoadState';
import { PageDataBody } from '../../shared/PageDataBody';
import { usePageTitle } from '../../shared/usePageTitle';
import '../../shared/teacher.css';

/** ?projectId=6 → 6; anything else (absent, junk, a project without teachers) → all projects. */
function selectedProject(search: string, groups: readonly TeacherGroup[]): number | null {
  const id = Number(new URLSearchParams(search).get('projectId'));
  return groups.some((group) => group.project.id === id) ? id : null;
}

function TeacherCardView({ teacher }: { teacher: TeacherCard }) {
  return (
    <li>
      {/* Plain elements, not Fluent's Card and Avatar: the portraits are pictures already, and the route stays plain (no Fluent). */}
      <article className="xt-teacher__card">
        <img src={teacher.avatar} alt="" width={72} height={72} loading="lazy" className="xt-teacher__avatar" />
        <div className="xt-teacher__text">
          <h3 className="xt-teacher__name">{teacher.name}</h3>
          <span className="xt-teacher__title">{teacher.title}</span>
          <p className="xt-teacher__intro">{teacher.intro}</p>
        </div>
      </article>
    </li>
  );
}

function ProjectLink({ href, current, label }: { href: string; current: boolean; label: string }) {
  return (
    <li>
      <Link href={href} className="xt-teacher__filter" aria-current={current ? 'page' : undefined}>
        {label}
      </Link>
    </li>
  );
}

function TeacherGroups({ groups }: { groups: readonly TeacherGroup[] }) {
  const search = useSearch();
  const withTeachers = groups.filter((group) => group.teachers.length > 0);
  const projectId = selectedProject(search, withTeachers);
  const shown = projectId === null ? withTeachers : withTeachers.filter((group) => group.project.id === projectId);
  return (
    <>
      {/* Links, not tabs: the choice lives in the URL, so a copied link, reload and back/forward show the same teachers. */}
      <nav aria-label="按考试项目筛选">
        <ul className="xt-teacher__filters">
          <ProjectLink href={paths.teacher()} current={projectId === null} label="全部" />
          {withTeachers.map((group) => (
            <ProjectLink
              key={group.project.id}
              href={paths.teacher({ projectId: group.project.id })}
              current={projectId === group.project.id}
              label={group.project.name}
            />
          ))}
        </ul>
      </nav>
      {shown.map((group) => (
        <section key={group.project.id} className="xt-teacher__group" aria-labelledby={`teacher-group-${group.project.id}`}>
          <h2 id={`teacher-group-${group.project.id}`} className="xt-teacher__group-title">
            {group.project.name}
          </h2>
          <ul className="xt-teacher__cards">
            {group.teachers.map((teacher) => (
              <TeacherCardView key={teacher.id} teacher={teacher} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/** /teacher: 师资团队, the teachers of every exam project. A plain route (no Fluent): plain elements on teacher.css. */
export default function TeacherView() {
  usePageTitle('师资团队');
  const [page, send] = useFlow(teacherPageMachine);
  return (
    <div className="xt-teacher">
      <header className="xt-teacher__head">
        <h1 className="xt-teacher__heading">师资团队</h1>
        <p className="xt-teacher__lead">各考试项目的主讲老师：他们的资历、专长与主讲科目。</p>
      </header>
      <PageDataBody page={page} onRetry={() => send({ type: 'RETRY' })} empty={<EmptyState message="暂无讲师信息" />}>
        {(groups) => <TeacherGroups groups={groups} />}
      </PageDataBody>
    </div>
  );
}
