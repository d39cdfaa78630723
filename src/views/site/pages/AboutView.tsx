import type { ReactNode } from 'react';
import { Body1, Caption1, Card, Link as FluentLink, Subtitle1, Subtitle2, Title1, Title2 } from '@fluentui/react-components';
import { Link as RouterLink } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import { COURSE_TYPE_LABELS } from '../../../domain/catalog/contract';
import { DEFAULT_SLOGAN, SITE_NAME } from '../../../domain/shared/constants';
import { SITE } from '../../../domain/site/facts';
import { aboutPageMachine, type SiteFigures } from '../../../machines/site/aboutPage.machine';
import { paths } from '../../../paths';
import { HELP_NAV } from '../help/helpNav';
import { usePageTitle } from '../../shared/usePageTitle';
import { FactList } from './FactList';
import './pages.css';

/** The figures the page states about the site, each counted from the catalogue (aboutPage.machine). */
const STATS: ReadonlyArray<{ label: string; count: (f: SiteFigures) => number }> = [
  { label: '开设考试项目', count: (f) => f.projects.length },
  { label: '精品课程', count: (f) => f.proCourseCount },
  { label: '免费公开课', count: (f) => f.freeCourseCount },
];

const COURSE_OFFERS: ReadonlyArray<{ title: string; text: string }> = [
  { title: COURSE_TYPE_LABELS.SYS, text: '按考试大纲从基础精讲、强化提升到冲刺串讲分阶段编排，覆盖全部考点，适合从零开始系统备考。' },
  { title: COURSE_TYPE_LABELS.PACK, text: '将多门科目或多个阶段的课程组合打包，一次购买、统一有效期，适合全科报考的学员。' },
  { title: COURSE_TYPE_LABELS.EXP, text: '限时集中训练，配备班主任督学、阶段测评与直播答疑，帮助学员在关键阶段保持节奏。' },
  { title: COURSE_TYPE_LABELS.FREE, text: '考试政策解读、备考规划与高频考点试听，免费观看，帮助学员了解考试、找到适合自己的课程。' },
];

const QUESTION_BANK_OFFERS: ReadonlyArray<{ title: string; text: string }> = [
  { title: '章节练习', text: '与教材章节一一对应，学完一节练一节，即时查看答案与解析。' },
  { title: '历年真题', text: '收录近年考试真题并逐题解析，熟悉命题规律与出题思路。' },
  { title: '模拟试卷', text: '按真实考试题型、题量和时长组卷，计时作答、自动判分并生成成绩报告。' },
  { title: '每日一练', text: '每天推送精选试题，碎片时间巩固考点，养成持续学习的习惯。' },
];

function SectionHead({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <div className="xt-about__section-head">
      <Title2 as="h2">{title}</Title2>
      {lead ? (
        <Body1 as="p" className="xt-about__lead">
          {lead}
        </Body1>
      ) : null}
    </div>
  );
}

function OfferCards({ items }: { items: ReadonlyArray<{ title: string; text: string }> }) {
  return (
    <div className="xt-about__offers">
      {items.map((item) => (
        <Card key={item.title} className="xt-about__offer">
          <Subtitle2 as="h4">{item.title}</Subtitle2>
          <Caption1 className="xt-content__muted">{item.text}</Caption1>
        </Card>
      ))}
    </div>
  );
}

/** The site's figures; while they load, placeholders of the same size (nothing moves when they come). */
function FigureStats({ figures }: { figures: SiteFigures | null }) {
  return (
    <section className="xt-content__section" aria-label="学途数据" aria-busy={figures === null}>
      <ul className="xt-about__stats">
        {STATS.map((s) => (
          <li key={s.label} className="xt-about__stat">
            <Title1 as="p" className="xt-about__stat-value" data-testid="about-stat">
              {figures ? s.count(figures).toLocaleString('zh-CN') : <span className="xt-about__placeholder" />}
            </Title1>
            <Caption1>{s.label}</Caption1>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ExamProjects({ figures }: { figures: SiteFigures | null }) {
  return (
    <section className="xt-content__section">
      <SectionHead
        title="开设的考试项目"
        lead={
          figures
            ? `目前开设${figures.categories.join('、')}领域的 ${figures.projects.length} 个考试项目，并持续增加中。`
            : '开设的职业资格考试项目如下，并持续增加中。'
        }
      />
      <ul className="xt-about__tags" aria-busy={figures === null}>
        {figures
          ? figures.projects.map((project) => (
              <li key={project.id}>
                <RouterLink href={paths.proCourses({ projectId: project.id })} className="xt-about__tag">
                  {project.name}
                </RouterLink>
              </li>
            ))
          : [0, 1, 2, 3].map((i) => <li key={i} className="xt-about__tag xt-about__tag--placeholder" />)}
      </ul>
    </section>
  );
}

/** /about: 关于我们. */
export default function AboutView() {
  usePageTitle('关于我们');
  const [page] = useFlow(aboutPageMachine);
  const figures = page.matches('loaded') ? page.context.data : null;
  // Without the catalogue there are no figures to state: the sections that need them are left out.
  const failed = page.matches('failed');
  return (
    <div className="xt-content">
      <header className="xt-content__hero xt-about__hero">
        <Title1 as="h1">关于{SITE_NAME}</Title1>
        <Subtitle1 as="p" className="xt-about__slogan">
          {DEFAULT_SLOGAN}
        </Subtitle1>
        <Body1 as="p" className="xt-about__hero-text">
          {SITE_NAME}网校是{SITE.companyName}旗下的职业资格考试在线学习平台，专注于建造师、消防工程师、教师资格证、会计等职业资格考试的在线教育，以“课程 +
          题库”为核心，为在职备考的学员提供随时随地、学练结合的学习服务。
        </Body1>
      </header>

      {!failed && <FigureStats figures={figures} />}

      <section className="xt-content__section">
        <SectionHead
          title="我们的使命"
          lead={
            <>
              “{DEFAULT_SLOGAN}
              ”是我们对每一位学员的承诺。职业资格考试的学员大多利用工作之余备考，时间零散、基础不一。我们希望把优质的课程和科学的练习带到学员身边：通勤路上看一节课，午休时做一组题，晚上用模拟卷检验一周的成果，让每一分钟的投入都离证书更近一步。
            </>
          }
        />
      </section>

      <section className="xt-content__section">
        <SectionHead title="我们提供什么" lead="课程负责“学懂”，题库负责“练会”。两者相互衔接，学习记录与练习记录在电脑、手机和学途 App 之间实时同步。" />
        <Subtitle1 as="h3">课程</Subtitle1>
        <OfferCards items={COURSE_OFFERS} />
        <Subtitle1 as="h3">题库</Subtitle1>
        <OfferCards items={QUESTION_BANK_OFFERS} />
      </section>

      {!failed && <ExamProjects figures={figures} />}

      <section className="xt-content__section">
        <SectionHead
          title="教学团队"
          lead="学途的讲师团队由高校教师、行业一线工程师、注册会计师和资深培训讲师组成。每门课程都经过教研组集体备课、试讲评审和学员反馈迭代，教材或考试大纲调整后及时更新课程内容与题库。"
        />
        <div>
          <RouterLink href={paths.teacher()} asChild>
            <FluentLink>认识我们的讲师 ›</FluentLink>
          </RouterLink>
        </div>
      </section>

      <section className="xt-content__panel" aria-labelledby="about-contact-title">
        <div className="xt-content__section">
          <Title2 as="h2" id="about-contact-title">
            联系我们
          </Title2>
          <FactList
            facts={[
              ['公司名称', SITE.companyName],
              ['客服电话', SITE.servicePhone],
              ['工作时间', SITE.serviceHours],
              ['客服邮箱', <FluentLink href={`mailto:${SITE.serviceEmail}`}>{SITE.serviceEmail}</FluentLink>],
              ['公司地址', `${SITE.address}（邮编 ${SITE.postcode}）`],
              ['备案号', SITE.icp],
            ]}
          />
        </div>
        <nav className="xt-content__section" aria-labelledby="about-help-title">
          <Title2 as="h2" id="about-help-title">
            帮助中心
          </Title2>
          <ul className="xt-about__help-links">
            {HELP_NAV.map((item) => (
              <li key={item.path}>
                <RouterLink href={item.path} asChild>
                  <FluentLink>{item.label}</FluentLink>
                </RouterLink>
              </li>
            ))}
            <li>
              <RouterLink href={paths.downloadApp()} asChild>
                <FluentLink>下载学途 App</FluentLink>
              </RouterLink>
            </li>
          </ul>
        </nav>
      </section>
    </div>
  );
}
