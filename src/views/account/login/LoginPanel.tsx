/**
 * The login card's content, the same on /uc/login and in the login modal: tabs 短信登录 / 密码登录
 * (plain buttons with tab roles: Fluent's TabList would bring tabster into the login chunk), the
 * WeChat QR entry, 免费注册 and 忘记密码.
 */
import { useState, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../paths';
import { PasswordLoginForm, SmsLoginForm } from './LoginForms';
import { WechatQrPanel } from './WechatQrPanel';
import './login.css';

type Tab = 'sms' | 'password' | 'wechat';

export type LoginMode = 'page' | 'modal';

const TABS = [
  { key: 'sms', label: '短信登录', testId: 'tab-sms' },
  { key: 'password', label: '密码登录', testId: 'tab-password' },
] as const;

export interface LoginPanelProps {
  mode: LoginMode;
  /** Where a page-mode login goes (already made safe). */
  redirect: string;
  /** WeChat's code and state when WeChat sent the browser back to /uc/login. */
  wechatCallback?: { code: string; state: string } | undefined;
  /** The user follows a link away from the panel (the modal closes). */
  onLeave?: () => void;
}

export function LoginPanel({ mode, redirect, wechatCallback, onLeave }: LoginPanelProps) {
  const [tab, setTab] = useState<Tab>(wechatCallback ? 'wechat' : 'sms');
  const [agreed, setAgreed] = useState(false);

  if (tab === 'wechat') {
    return (
      <div>
        <WechatQrPanel redirect={redirect} callback={wechatCallback} />
        <div className="xt-login-foot">
          <button type="button" className="xt-linkbtn" onClick={() => setTab('sms')} data-testid="back-to-account">
            返回账号登录
          </button>
        </div>
      </div>
    );
  }

  // Arrow keys move between the two tabs, as a tab list should.
  const onTabKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const next = tab === 'sms' ? 'password' : 'sms';
    setTab(next);
    // The selected tab is the one in the Tab order, so the focus goes with it.
    e.currentTarget.querySelector<HTMLElement>(`#login-tab-${next}`)?.focus();
  };
  // A login in the modal leaves the visitor where they are; a page login goes on to its target.
  const formProps = { agreed, onAgreedChange: setAgreed, target: mode === 'modal' ? null : redirect };
  return (
    <div>
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- a tablist is focused through its selected tab (roving tabindex), not itself. */}
      <div className="xt-tabs" role="tablist" aria-label="登录方式" onKeyDown={onTabKey}>
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`login-tab-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls="login-tabpanel"
            tabIndex={tab === t.key ? 0 : -1}
            className="xt-tab"
            data-testid={t.testId}
            onClick={() => setTab(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="login-tabpanel" aria-labelledby={`login-tab-${tab}`}>
        {tab === 'sms' ? <SmsLoginForm {...formProps} /> : <PasswordLoginForm {...formProps} />}
      </div>
      <div className="xt-login-foot">
        <button type="button" className="xt-linkbtn xt-wechat-entry" onClick={() => setTab('wechat')} data-testid="tab-wechat">
          <span className="xt-wechat-entry__icon" aria-hidden>
            微
          </span>
          微信扫码登录
        </button>
        <span className="xt-login-foot__links">
          <button type="button" className="xt-linkbtn" onClick={() => setTab('sms')} data-testid="register">
            免费注册
          </button>
          <Link href={paths.forgotPassword()} className="xt-linkbtn" onClick={onLeave} data-testid="forgot-password">
            忘记密码
          </Link>
        </span>
      </div>
    </div>
  );
}
