/** The site's main navigation: the header's links on wide screens, the menu drawer's on phones. */
import { paths } from '../../paths';

export interface NavItem {
  href: string;
  label: string;
}

export const SITE_NAV: readonly NavItem[] = [
  { href: paths.home(), label: '首页' },
  { href: paths.proCourses(), label: '精品课程' },
  { href: paths.freeCourses(), label: '免费公开课' },
  { href: paths.questionBankHome(), label: '题库' },
  { href: paths.resources(), label: '资料下载' },
  { href: paths.teacher(), label: '师资团队' },
];

/** Course links match their own list; other sections match by their first path segment. */
export function isNavActive(href: string, location: string): boolean {
  if (href === '/') return location === '/';
  const prefix = href
    .split('/')
    .slice(0, href.startsWith('/course/') ? 3 : 2)
    .join('/');
  return location === prefix || location.startsWith(`${prefix}/`);
}
