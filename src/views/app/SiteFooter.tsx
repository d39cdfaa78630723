import { Link } from 'wouter';
import { DEFAULT_SLOGAN, SITE_NAME } from '../../domain/shared/constants';
import { SITE } from '../../domain/site/facts';
import { paths } from '../../paths';

const LINKS = [
  { href: paths.about(), label: '关于我们' },
  { href: paths.payType(), label: '支付方式' },
  { href: paths.userAgreement(), label: '用户协议' },
  { href: paths.privacyPolicy(), label: '隐私政策' },
  { href: paths.siteStated(), label: '网站声明' },
  { href: paths.downloadApp(), label: '下载App' },
] as const;

export function SiteFooter({ compact = false }: { compact?: boolean }) {
  return (
    <footer className={compact ? 'xt-footer xt-footer--compact' : 'xt-footer'}>
      <div className="xt-footer__inner">
        {!compact && (
          <>
            <div className="xt-footer__slogan">
              {SITE_NAME} · {DEFAULT_SLOGAN}
            </div>
            <nav className="xt-footer__links" aria-label="页脚导航">
              {LINKS.map((l) => (
                <Link key={l.href} href={l.href}>
                  {l.label}
                </Link>
              ))}
            </nav>
            <div>
              客服热线 {SITE.servicePhone}（{SITE.serviceHours}） · {SITE.address}
            </div>
          </>
        )}
        <div>
          {SITE.copyright} · {SITE.icp}
        </div>
      </div>
    </footer>
  );
}
