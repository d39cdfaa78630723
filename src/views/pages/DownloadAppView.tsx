import { Body1, Button, Caption1, Card, Image, Subtitle1, Subtitle2, Title1, Title2, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DEFAULT_SLOGAN, SITE_NAME } from '../../domain/shared/constants';
import { APP_DOWNLOAD, SITE } from '../../domain/site/facts';
import { usePageTitle } from '../common/usePageTitle';
import { PHONE, useContentPageStyles } from './contentPageStyles';
import { FactList } from './FactList';

/** The server renders an SVG QR code of `text` at this path (outside the app base). */
export function qrCodeSrc(text: string): string {
  return '/static/qrcode?text=' + encodeURIComponent(text);
}

const useStyles = makeStyles({
  heroLayout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXXL,
    [PHONE]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalXL },
  },
  heroText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  onBrand: { color: tokens.colorNeutralForegroundOnBrand },
  onBrandMuted: { color: tokens.colorNeutralForegroundOnBrand, opacity: 0.85, lineHeight: '1.7' },
  codes: {
    display: 'flex',
    gap: tokens.spacingHorizontalL,
    [PHONE]: { justifyContent: 'center' },
  },
  codeCard: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    width: '180px',
    padding: tokens.spacingHorizontalL,
    color: tokens.colorNeutralForeground1,
    '@media (max-width: 479px)': { width: '150px', padding: tokens.spacingHorizontalM },
  },
  qr: {
    width: '140px',
    height: '140px',
    backgroundColor: '#ffffff',
    '@media (max-width: 479px)': { width: '118px', height: '118px' },
  },
  storeButton: { width: '100%' },
  hint: { color: tokens.colorNeutralForeground3, textAlign: 'center' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  features: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalL,
    '@media (max-width: 1023px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    '@media (max-width: 479px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  feature: { height: '100%', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  featureIndex: {
    width: '32px',
    height: '32px',
    borderRadius: tokens.borderRadiusCircular,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
  },
  muted: { color: tokens.colorNeutralForeground3, lineHeight: '1.7' },
  notes: { margin: 0, paddingLeft: '1.5em', color: tokens.colorNeutralForeground2, lineHeight: '1.8', fontSize: tokens.fontSizeBase300 },
});

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
  const styles = useStyles();
  const page = useContentPageStyles();
  return (
    <div className={page.root}>
      <header className={mergeClasses(page.hero, styles.heroLayout)}>
        <div className={styles.heroText}>
          <Title1 as="h1" className={styles.onBrand}>
            {SITE_NAME} App
          </Title1>
          <Subtitle1 as="p" className={styles.onBrand}>
            {DEFAULT_SLOGAN}
          </Subtitle1>
          <Body1 as="p" className={styles.onBrandMuted}>
            课程、题库、直播一个 App 全搞定。登录与网站相同的账号，已购课程和学习记录自动同步，手机上也能高效备考。
          </Body1>
          <Caption1 as="p" className={styles.onBrandMuted}>
            当前版本 V{APP_DOWNLOAD.version}　·　支持 {APP_DOWNLOAD.minIos}+/{APP_DOWNLOAD.minAndroid}+
          </Caption1>
        </div>
        <div className={styles.codes}>
          {PLATFORMS.map((p) => (
            <Card key={p.key} className={styles.codeCard}>
              <Subtitle2 as="h2">{p.name}</Subtitle2>
              <Image className={styles.qr} src={qrCodeSrc(p.url)} alt={`${p.name} 版学途 App 下载二维码`} width={140} height={140} />
              <Caption1 className={styles.hint}>扫码下载</Caption1>
              <Button
                as="a"
                className={styles.storeButton}
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

      <section className={styles.section} aria-labelledby="app-features-title">
        <Title2 as="h2" id="app-features-title">
          App 功能
        </Title2>
        <ul className={styles.features}>
          {APP_DOWNLOAD.features.map((f, i) => (
            <li key={f.title}>
              <Card className={styles.feature}>
                <span className={styles.featureIndex} aria-hidden="true">
                  {i + 1}
                </span>
                <Subtitle2 as="h3">{f.title}</Subtitle2>
                <Caption1 className={styles.muted}>{f.description}</Caption1>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section className={page.panel} aria-label="版本信息">
        <div className={styles.section}>
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
        <div className={styles.section}>
          <Title2 as="h2">本次更新</Title2>
          <ul className={styles.notes}>
            {APP_DOWNLOAD.releaseNotes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
          <Caption1 as="p" className={styles.muted}>
            安卓用户若在微信内扫码无法下载，请点击右上角“…”选择“在浏览器打开”。安装遇到问题可拨打客服电话 {SITE.servicePhone}（{SITE.serviceHours}）。
          </Caption1>
        </div>
      </section>
    </div>
  );
}
