import { useEffect } from 'react';
import { Body1, Button, Caption1, Spinner, Title2, tokens } from '@fluentui/react-components';
import { Link as RouterLink, useLocation, useRouter, useSearch } from 'wouter';
import { SITE_NAME } from '../../../domain/shared/constants';
import { paths } from '../../../paths';
import { usePageTitle } from '../../shared/usePageTitle';
import './pages.css';

export type TransferTarget = { kind: 'internal'; path: string } | { kind: 'external'; url: string } | { kind: 'invalid' };

/** Backslashes, whitespace and control characters, which browsers may rewrite into a protocol-relative URL. */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern must find.
const UNSAFE_PATH_CHARS = /[\\\s\u0000-\u001f\u007f]/;

/**
 * Sorts a `target` query value: an app path (starting with a single '/') is followed at once;
 * an absolute http(s) URL gets a warning first; anything else (javascript:, data:, '//host', empty) is refused.
 * `base` is the router base; a path that already carries it has it removed.
 */
export function classifyTransferTarget(raw: string | null | undefined, base = ''): TransferTarget {
  const target = raw?.trim() ?? '';
  if (!target) return { kind: 'invalid' };
  if (target.startsWith('/')) {
    if (target.startsWith('//') || UNSAFE_PATH_CHARS.test(target)) return { kind: 'invalid' };
    let path = target;
    if (base && (path === base || path.startsWith(`${base}/`) || path.startsWith(`${base}?`) || path.startsWith(`${base}#`))) {
      path = path.slice(base.length);
      if (!path.startsWith('/')) path = `/${path}`;
    }
    return { kind: 'internal', path };
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { kind: 'invalid' };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return { kind: 'invalid' };
  return { kind: 'external', url: url.href };
}

function WarningIcon({ className, color }: { className: string; color: string }) {
  return (
    <svg className={className} viewBox="0 0 48 48" aria-hidden="true" xmlns="http://www.w3.org/2000/svg">
      <path d="M24 5 L45 42 H3 Z" fill="none" stroke={color} strokeWidth="3.5" strokeLinejoin="round" />
      <path d="M24 19 V30" stroke={color} strokeWidth="4" strokeLinecap="round" />
      <circle cx="24" cy="36" r="2.4" fill={color} />
    </svg>
  );
}

function HomeButton({ primary = false }: { primary?: boolean }) {
  return (
    <RouterLink href={paths.home()} asChild>
      <Button as="a" appearance={primary ? 'primary' : 'secondary'}>
        返回首页
      </Button>
    </RouterLink>
  );
}

/** /transfer?target=…: the stop between a link and where it leads. */
export default function TransferView() {
  usePageTitle('页面跳转');
  const search = useSearch();
  const [, navigate] = useLocation();
  const { base } = useRouter();
  const target = classifyTransferTarget(new URLSearchParams(search).get('target'), base);
  const internalPath = target.kind === 'internal' ? target.path : null;

  useEffect(() => {
    if (internalPath !== null) navigate(internalPath, { replace: true });
  }, [internalPath, navigate]);

  if (target.kind === 'internal') {
    return (
      <div className="xt-transfer">
        <Spinner label="正在跳转…" />
      </div>
    );
  }

  if (target.kind === 'invalid') {
    return (
      <div className="xt-transfer">
        <section className="xt-transfer__panel" aria-labelledby="transfer-title">
          <WarningIcon className="xt-transfer__icon" color={tokens.colorPaletteRedForeground1} />
          <Title2 as="h1" id="transfer-title">
            链接无效
          </Title2>
          <Body1 as="p" className="xt-transfer__hint">
            该链接地址不完整或不安全，无法为您跳转。请确认链接来源，或返回首页继续浏览。
          </Body1>
          <div className="xt-transfer__actions">
            <HomeButton primary />
          </div>
        </section>
      </div>
    );
  }

  return (
    <div className="xt-transfer">
      <section className="xt-transfer__panel" aria-labelledby="transfer-title">
        <WarningIcon className="xt-transfer__icon" color={tokens.colorPaletteMarigoldForeground1} />
        <Title2 as="h1" id="transfer-title">
          您即将离开{SITE_NAME}，请注意账号和财产安全
        </Title2>
        <Body1 as="p" className="xt-transfer__hint">
          您访问的链接将离开{SITE_NAME}，前往以下网站：
        </Body1>
        <code className="xt-transfer__url" data-testid="transfer-url">
          {target.url}
        </code>
        <Caption1 as="p" className="xt-transfer__hint">
          该网站不由{SITE_NAME}运营，其内容与安全性由其自行负责。请勿在其中透露您的{SITE_NAME}账号、密码或短信验证码，谨防诈骗。
        </Caption1>
        <div className="xt-transfer__actions">
          <Button as="a" appearance="primary" href={target.url} rel="noopener noreferrer">
            继续访问
          </Button>
          <HomeButton />
        </div>
      </section>
    </div>
  );
}
