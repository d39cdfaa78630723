import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { avatarFor } from '../../domain/account/avatar';
import { SITE_NAME } from '../../domain/shared/constants';
import { paths } from '../../paths';
import { useCurrentUser, useIsLoggedIn, useLoginModal, useLogout } from '../../app/AppContext';
import { useHydrated } from '../shared/useHydrated';
import { isNavActive, SITE_NAV } from './siteNav';

// Fluent's drawer (and its focus trap) loads when the menu button is first pointed at, focused
// or tapped, so the home route's initial JS does not carry it.
const loadNavDrawer = () => import('./NavDrawer');
const NavDrawer = lazy(loadNavDrawer);
const warmUpNavDrawer = () => void loadNavDrawer().catch(() => {});

function MenuIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden focusable="false">
      <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The visitor's corner of the header. Logged in, it keeps its shape while the user is still being
 * fetched (default avatar, blank name) instead of showing 登录 and then swapping, so the header
 * does not jump.
 */
function UserCorner() {
  const loggedIn = useIsLoggedIn();
  // The stored user is the browser's: a server-rendered header has the shape without the name.
  const stored = useCurrentUser();
  const user = useHydrated() ? stored : null;
  const logout = useLogout();
  const loginModal = useLoginModal();
  if (!loggedIn) {
    return (
      <div className="xt-user">
        {/* Still a link (no JS, middle-click, new tab); a plain click opens the login modal instead. */}
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
      </div>
    );
  }
  return (
    <div className="xt-user">
      <Link href={paths.personal()} className="xt-user__link" data-testid="header-user" aria-label={user ? undefined : '个人资料'}>
        <img className="xt-user__avatar" src={avatarFor(user?.avatar, user?.gender)} alt="" width={28} height={28} />
        <span className="xt-user__name">{user?.nickname}</span>
      </Link>
      <Link href={paths.myCourses()} className="xt-nav__link xt-user__courses">
        我的课程
      </Link>
      <button type="button" className="xt-btn xt-btn--subtle xt-user__logout" onClick={logout}>
        退出
      </button>
    </div>
  );
}

export function SiteHeader({ minimal = false }: { minimal?: boolean }) {
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first open on, so the drawer can play its closing animation.
  const [menuLoaded, setMenuLoaded] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    menuButton.current?.focus();
  }, []);
  return (
    <header className="xt-header" data-keep-clear>
      <div className="xt-header__inner">
        {/* The link's name is its visible text; the mark's 学 is drawn by CSS so it is not read twice. */}
        <Link href={paths.home()} className="xt-logo">
          <span className="xt-logo__mark" aria-hidden />
          {SITE_NAME}
        </Link>
        {!minimal && (
          <nav className="xt-nav" aria-label="主导航">
            {SITE_NAV.map((item) => (
              <Link key={item.href} href={item.href} className={isNavActive(item.href, location) ? 'xt-nav__link xt-nav__link--active' : 'xt-nav__link'}>
                {item.label}
              </Link>
            ))}
          </nav>
        )}
        {!minimal && <UserCorner />}
        {!minimal && (
          <button
            ref={menuButton}
            type="button"
            className="xt-menu-button"
            aria-label="导航菜单"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            data-testid="header-menu"
            onPointerEnter={warmUpNavDrawer}
            onFocus={warmUpNavDrawer}
            onClick={() => {
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
          >
            <MenuIcon />
          </button>
        )}
      </div>
      {menuLoaded && (
        <Suspense fallback={null}>
          <NavDrawer open={menuOpen} onClose={closeMenu} />
        </Suspense>
      )}
    </header>
  );
}
