import { Body1, Button, Caption1, Card, Image, Subtitle1, Subtitle2, Title1, Title2 } from '@fluentui/react-components';
import { DEFAULT_SLOGAN, SITE_NAME } from '../../../domain/shared/constants';
import { APP_DOWNLOAD } from '../../../domain/site/appDownload';
import { SITE } from '../../../domain/site/facts';
import { usePageTitle } from '../../shared/usePageTitle';
import { FactList } from './FactList';
import './pages.css';

/** The server renders an SVG QR code of `text` at this path (outside the app base). */
export function qrCodeSrc(text: string): string {
  return '/static/qrcode?text=' + encodeURIComponent(text);
}

interface Platform {
  key: 'ios' | 'android';
  name: string;
  url: string;
  button: string;
}

const PLATFORMS: readonly Platform[] = [
  { key: 'ios', name: 'iPhone / iPad', url: APP_DOWNLOAD.iosUrl, button: 'App Store 下载' },
  { key: 'android', name: 'Android', url: APP_DOWNLOAD.androidUrl, button: '下载 Android 版' },
];

/** /download-app and /other-pages/app-download: 学途 App 下载. */
export default function DownloadAppView() {
  usePageTitle('下载App');
  return (
    <div className="xt-content">
      <header className="xt-content__hero xt-app-download__hero">
        <div className="xt-app-download__hero-text">
          <Title1 as="h1" className="xt-app-download__on-brand">
            {SITE_NAME} App
          </Title1>
          <Subtitle1 as="p" className="xt-app-download__on-brand">
            {DEFAULT_SLOGAN}
          </Subtitle1>
          <Body1 as="p" className="xt-app-download__on-brand-muted">
            课程、题库、直播一个 App 全搞定。登录与网站相同的账号，已购课程和学习记录自动同步，手机上也能高效备考。
          </Body1>
          <Caption1 as="p" className="xt-app-download__on-brand-muted">
            当前版本 V{APP_DOWNLOAD.version}　·　支持 {APP_DOWNLOAD.minIos}+/{APP_DOWNLOAD.minAndroid}+
          </Caption1>
        </div>
        <div className="xt-app-download__codes">
          {PLATFORMS.map((p) => (
            <Card key={p.key} className="xt-app-download__code">
              <Subtitle2 as="h2">{p.name}</Subtitle2>
              <Image className="xt-app-download__qr" src={qrCodeSrc(p.url)} alt={`${p.name} 版学途 App 下载二维码`} width={140} height={140} />
              <Caption1 className="xt-app-download__hint">扫码下载</Caption1>
              <Button
                as="a"
                className="xt-app-download__store-button"
                appearance="primary"
                href={p.url}
                target="_blank"
                rel="noopener noreferrer"
                data-platform={p.key}
              >
                {p.button}
              </Button>
            </Card>
          ))}
        </div>
      </header>

      <section className="xt-content__section" aria-labelledby="app-features-title">
        <Title2 as="h2" id="app-features-title">
          App 功能
        </Title2>
        <ul className="xt-app-download__features">
          {APP_DOWNLOAD.features.map((f, i) => (
            <li key={f.title}>
              <Card className="xt-app-download__feature">
                <span className="xt-app-download__feature-index" aria-hidden="true">
                  {i + 1}
                </span>
                <Subtitle2 as="h3">{f.title}</Subtitle2>
                <Caption1 className="xt-content__muted">{f.description}</Caption1>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section className="xt-content__panel" aria-label="版本信息">
        <div className="xt-content__section">
          <Title2 as="h2">版本信息</Title2>
          <FactList
            facts={[
              ['当前版本', `V${APP_DOWNLOAD.version}`],
              ['安装包大小', APP_DOWNLOAD.size],
              ['更新日期', APP_DOWNLOAD.updatedAt],
              ['系统要求', `支持 ${APP_DOWNLOAD.minIos}+/${APP_DOWNLOAD.minAndroid}+`],
              ['开发者', SITE.companyName],
            ]}
          />
        </div>
        <div className="xt-content__section">
          <Title2 as="h2">本次更新</Title2>
          <ul className="xt-app-download__notes">
            {APP_DOWNLOAD.releaseNotes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
          <Caption1 as="p" className="xt-content__muted">
            安卓用户若在微信内扫码无法下载，请点击右上角“…”选择“在浏览器打开”。安装遇到问题可拨打客服电话 {SITE.servicePhone}（{SITE.serviceHours}）。
          </Caption1>
        </div>
      </section>
    </div>
  );
}
