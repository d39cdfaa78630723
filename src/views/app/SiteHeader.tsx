import { Link, useLocation } from 'wouter';
import { avatarFor } from '../../domain/account/avatar';
import { SITE_NAME } from '../../domain/shared/constants';
import { paths } from '../../paths';
import { useCurrentUser, useLoginModal, useLogout } from '../../app/AppContext';

const NAV = [
  { href: paths.home(), label: '首页' },
  { href: paths.proCourses(), label: '精品课程' },
  { href: paths.freeCourses(), label: '免费公开课' },
  { href: paths.questionBankHome(), label: '题库' },
  { href: paths.resources(), label: '资料下载' },
  { href: paths.teacher(), label: '师资团队' },
] as const;

/** Course links match their own list; other sections match by their first path segment. */
function isActive(href: string, location: string): boolean {
  if (href === '/') return location === '/';
  const prefix = href
    .split('/')
    .slice(0, href.startsWith('/course/') ? 3 : 2)
    .join('/');
  return location === prefix || location.startsWith(`${prefix}/`);
}

export function SiteHeader({ minimal = false }: { minimal?: boolean }) {
  const [location] = useLocation();
  const user = useCurrentUser();
  const logout = useLogout();
  const loginModal = useLoginModal();
  return (
    <header className="xt-header">
      <div className="xt-header__inner">
        {/* The link's name is its visible text; the mark's 学 is drawn by CSS so it is not read twice. */}
        <Link href={paths.home()} className="xt-logo">
          <span className="xt-logo__mark" aria-hidden />
          {SITE_NAME}
        </Link>
        {!minimal && (
          <nav className="xt-nav" aria-label="主导航">
            {NAV.map((item) => (
              <Link key={item.href} href={item.href} className={isActive(item.href, location) ? 'xt-nav__link xt-nav__link--active' : 'xt-nav__link'}>
                {item.label}
              </Link>
            ))}
          </nav>
        )}
        {!minimal && (
          <div className="xt-user">
            {user ? (
              <>
                <Link href={paths.personal()} className="xt-user__link" data-testid="header-user">
                  <img className="xt-user__avatar" src={avatarFor(user.avatar, user.gender)} alt="" />
                  <span className="xt-user__name">{user.nickname}</span>
                </Link>
                <Link href={paths.myCourses()} className="xt-nav__link xt-user__courses">
                  我的课程
                </Link>
                <button type="button" className="xt-btn xt-btn--subtle" onClick={logout}>
                  退出
                </button>
              </>
            ) : (
              // Still a link (no JS, middle-click, new tab); a plain click opens the login modal instead.
              <Link
                href={paths.login()}
                className="xt-btn xt-btn--primary"
                data-testid="header-login"
                onClick={(e) => {
                  e.preventDefault();
                  void loginModal.open();
                }}
              >
                登录 / 注册
              </Link>
            )}
          </div>
        )}
      </div>
    </header>
  );
}
