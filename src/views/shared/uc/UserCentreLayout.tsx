import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { avatarFor } from '../../../domain/account/avatar';
import { ACCOUNT_TEXTS } from '../../../domain/account/texts';
import { useCurrentUser, useLogout, useShowToast } from '../../../app/AppContext';
import { isUcNavActive, UC_NAV } from './ucNav';
import './uc.css';

/**
 * The 个人中心 frame: the user's avatar and nickname, the menu and 退出登录 on the left (on top on
 * phones), the page on the right. Plain markup, so any /uc page can use it with or without Fluent.
 */
export default function UserCentreLayout({ title, children }: { title: string; children: ReactNode }) {
  const [location] = useLocation();
  const user = useCurrentUser();
  const endSession = useLogout();
  const showToast = useShowToast();
  const logout = () => {
    // The session ends and its guard sends the visitor to /uc/login.
    endSession();
    showToast(ACCOUNT_TEXTS.logoutSuccess, 'success');
  };
  return (
    <div className="xt-uc">
      <aside className="xt-uc__aside">
        <div className="xt-uc__user">
          <img className="xt-uc__avatar" src={avatarFor(user?.avatar, user?.gender)} alt="" data-testid="uc-avatar" />
          <span className="xt-uc__nickname" data-testid="uc-nickname">
            {user?.nickname}
          </span>
        </div>
        <nav className="xt-uc__nav" aria-label="个人中心">
          <ul>
            {UC_NAV.map((item) => {
              const active = isUcNavActive(location, item);
              return (
                <li key={item.path}>
                  <Link href={item.path} className={active ? 'xt-uc__link xt-uc__link--active' : 'xt-uc__link'} aria-current={active ? 'page' : undefined}>
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <button type="button" className="xt-btn xt-uc__logout" onClick={logout}>
          退出登录
        </button>
      </aside>
      <section className="xt-uc__content" aria-labelledby="uc-page-title">
        <h1 className="xt-uc__title" id="uc-page-title">
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}
