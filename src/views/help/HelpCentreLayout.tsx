import type { ReactNode } from 'react';
import { useId } from 'react';
import { Body1, Caption1, Link as FluentLink, Subtitle1, Subtitle2, Title2, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link as RouterLink, useLocation } from 'wouter';
import { SITE } from '../../domain/site/facts';
import { HELP_NAV, isHelpNavActive } from './helpNav';

const PHONE = '@media (max-width: 767px)';

const useStyles = makeStyles({
  root: {
    boxSizing: 'border-box',
    maxWidth: '1200px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    display: 'grid',
    gridTemplateColumns: '220px minmax(0, 1fr)',
    gap: tokens.spacingHorizontalXXL,
    alignItems: 'start',
    [PHONE]: {
      gridTemplateColumns: 'minmax(0, 1fr)',
      gap: tokens.spacingVerticalL,
      padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}`,
    },
  },
  aside: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    position: 'sticky',
    top: tokens.spacingVerticalL,
    [PHONE]: { position: 'static' },
  },
  navBox: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    padding: `${tokens.spacingVerticalM} 0`,
    [PHONE]: { padding: tokens.spacingVerticalS },
  },
  navTitle: {
    display: 'block',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    color: tokens.colorNeutralForeground1,
    [PHONE]: { display: 'none' },
  },
  navList: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    [PHONE]: {
      flexDirection: 'row',
      flexWrap: 'wrap',
      gap: tokens.spacingHorizontalS,
    },
  },
  navLink: {
    display: 'block',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderLeft: `3px solid transparent`,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    textDecorationLine: 'none',
    ':hover': { color: tokens.colorBrandForeground1, backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
    [PHONE]: {
      borderLeft: 'none',
      borderRadius: tokens.borderRadiusCircular,
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
      backgroundColor: tokens.colorNeutralBackground3,
    },
  },
  navLinkActive: {
    // Foreground2: Foreground1 on BrandBackground2 is 4.2:1, under WCAG AA's 4.5:1.
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
    borderLeftColor: tokens.colorBrandStroke1,
    backgroundColor: tokens.colorBrandBackground2,
    [PHONE]: {
      color: tokens.colorNeutralForegroundOnBrand,
      backgroundColor: tokens.colorBrandBackground,
    },
    ':hover': { color: tokens.colorBrandForeground2, backgroundColor: tokens.colorBrandBackground2 },
  },
  contact: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    padding: tokens.spacingHorizontalL,
    [PHONE]: { display: 'none' },
  },
  content: {
    minWidth: 0,
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXXL}`,
    [PHONE]: { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}` },
  },
  articleHeader: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalL,
    marginBottom: tokens.spacingVerticalL,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  meta: { color: tokens.colorNeutralForeground3 },
  section: {
    marginBottom: tokens.spacingVerticalXL,
    ':last-child': { marginBottom: 0 },
  },
  sectionTitle: {
    display: 'block',
    margin: `0 0 ${tokens.spacingVerticalS}`,
  },
  paragraph: {
    display: 'block',
    margin: `0 0 ${tokens.spacingVerticalS}`,
    color: tokens.colorNeutralForeground2,
    lineHeight: '1.8',
    overflowWrap: 'anywhere',
  },
  list: {
    margin: `0 0 ${tokens.spacingVerticalS}`,
    paddingLeft: '1.5em',
    color: tokens.colorNeutralForeground2,
    lineHeight: '1.8',
    fontSize: tokens.fontSizeBase300,
    overflowWrap: 'anywhere',
  },
});

/** The 帮助中心 frame: the menu of help pages on the left (on top on phones) and the page on the right. */
export default function HelpCentreLayout({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const [location] = useLocation();
  return (
    <div className={styles.root}>
      <aside className={styles.aside}>
        <nav className={styles.navBox} aria-label="帮助中心">
          <Subtitle2 className={styles.navTitle}>帮助中心</Subtitle2>
          <ul className={styles.navList}>
            {HELP_NAV.map((item) => {
              const active = isHelpNavActive(location, item.path);
              return (
                <li key={item.path}>
                  <RouterLink
                    href={item.path}
                    className={mergeClasses(styles.navLink, active && styles.navLinkActive)}
                    aria-current={active ? 'page' : undefined}
                  >
                    {item.label}
                  </RouterLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className={styles.contact}>
          <Subtitle2>联系客服</Subtitle2>
          <Caption1>客服电话：{SITE.servicePhone}</Caption1>
          <Caption1>工作时间：{SITE.serviceHours}</Caption1>
          <Caption1>
            客服邮箱：<FluentLink href={`mailto:${SITE.serviceEmail}`}>{SITE.serviceEmail}</FluentLink>
          </Caption1>
        </div>
      </aside>
      <div className={styles.content}>{children}</div>
    </div>
  );
}

/** A help page: its heading (the page's only h1), an optional date line, then its sections. */
export function HelpArticle({ title, meta, children }: { title: string; meta?: ReactNode; children: ReactNode }) {
  const styles = useStyles();
  return (
    <article>
      <header className={styles.articleHeader}>
        <Title2 as="h1">{title}</Title2>
        {meta ? <Caption1 className={styles.meta}>{meta}</Caption1> : null}
      </header>
      {children}
    </article>
  );
}

/** A titled section (h2) of a help page. */
export function HelpSection({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <Subtitle1 as="h2" id={id} className={styles.sectionTitle}>
        {title}
      </Subtitle1>
      {children}
    </section>
  );
}

export function HelpParagraph({ children }: { children: ReactNode }) {
  const styles = useStyles();
  return (
    <Body1 as="p" className={styles.paragraph}>
      {children}
    </Body1>
  );
}

/** A bulleted (or, with `ordered`, numbered) list of help text. */
export function HelpList({ items, ordered = false }: { items: readonly ReactNode[]; ordered?: boolean }) {
  const styles = useStyles();
  const Tag = ordered ? 'ol' : 'ul';
  return (
    <Tag className={styles.list}>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </Tag>
  );
}

/** A link to another page of the app, styled as a Fluent link. */
export function HelpLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <RouterLink href={href} asChild>
      <FluentLink>{children}</FluentLink>
    </RouterLink>
  );
}
