import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, FluentProvider, OverlayDrawer } from '@fluentui/react-components';
import { Link, useLocation } from 'wouter';
import { useCurrentUser, useIsLoggedIn, useLoginModal, useLogout } from '../../app/AppContext';
import { avatarFor } from '../../domain/account/avatar';
import { SITE_NAME } from '../../domain/shared/constants';
import { paths } from '../../paths';
import { isNavActive, SITE_NAV } from './siteNav';
import { xuetuTheme } from './theme';

function CloseIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden focusable="false">
      <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The header's menu on phones: every nav entry, and the visitor's name, avatar, 我的课程 and 退出
 * once logged in (登录 / 注册 before). Fluent's OverlayDrawer is a modal dialog: it keeps Tab
 * inside, Escape and the backdrop close it. A link closes it as it navigates.
 */
export default function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [location] = useLocation();
  const loggedIn = useIsLoggedIn();
  const user = useCurrentUser();
  const logout = useLogout();
  const loginModal = useLoginModal();
  return (
    // Its own provider (not FluentScope, which must stay a lazy chunk of its own for the page views).
    <FluentProvider theme={xuetuTheme} className="xt-fluent-scope">
      <OverlayDrawer
        open={open}
        onOpenChange={(_, data) => {
          if (!data.open) onClose();
        }}
        position="end"
        size="small"
        className="xt-drawer"
        data-testid="nav-drawer"
      >
        <DrawerHeader>
          <DrawerHeaderTitle action={<Button appearance="subtle" aria-label="关闭导航菜单" icon={<CloseIcon />} onClick={onClose} />}>
            {SITE_NAME}
          </DrawerHeaderTitle>
        </DrawerHeader>
        <DrawerBody>
          {loggedIn && (
            <Link href={paths.personal()} className="xt-drawer__user" onClick={onClose} data-testid="drawer-user">
              <img className="xt-drawer__avatar" src={avatarFor(user?.avatar, user?.gender)} alt="" width={40} height={40} />
              <span className="xt-drawer__name">{user?.nickname ?? '个人资料'}</span>
            </Link>
          )}
          <nav aria-label="主导航">
            <ul className="xt-drawer__nav">
              {SITE_NAV.map((item) => {
                const active = isNavActive(item.href, location);
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      className={active ? 'xt-drawer__link xt-drawer__link--active' : 'xt-drawer__link'}
                      aria-current={active ? 'page' : undefined}
                      onClick={onClose}
                    >
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="xt-drawer__account">
            {loggedIn ? (
              <>
                <Link href={paths.myCourses()} className="xt-drawer__link" onClick={onClose}>
                  我的课程
                </Link>
                <button
                  type="button"
                  className="xt-btn"
                  onClick={() => {
                    onClose();
                    logout();
                  }}
                >
                  退出登录
                </button>
              </>
            ) : (
              <button
                type="button"
                className="xt-btn xt-btn--primary"
                data-testid="drawer-login"
                onClick={() => {
                  onClose();
                  void loginModal.open();
                }}
              >
                登录 / 注册
              </button>
            )}
          </div>
        </DrawerBody>
      </OverlayDrawer>
    </FluentProvider>
  );
}
