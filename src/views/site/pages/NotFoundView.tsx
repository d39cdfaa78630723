import { Body1, Button, Title2, tokens } from '@fluentui/react-components';
import { Link as RouterLink } from 'wouter';
import { usePageTitle } from '../../shared/usePageTitle';
import { paths } from '../../../paths';
import './pages.css';

/** A small inline drawing: an open book with a magnifier over a "404". */
function NotFoundIllustration({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 240 160" role="img" aria-label="页面未找到插图" xmlns="http://www.w3.org/2000/svg">
      <ellipse cx="120" cy="146" rx="92" ry="8" fill={tokens.colorNeutralBackground5} />
      <path
        d="M28 40 Q74 24 118 40 V132 Q74 116 28 132 Z"
        fill={tokens.colorBrandBackground2}
        stroke={tokens.colorBrandStroke1}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M212 40 Q166 24 122 40 V132 Q166 116 212 132 Z"
        fill={tokens.colorNeutralBackground1}
        stroke={tokens.colorBrandStroke1}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M44 60 H100 M44 76 H96 M44 92 H100" stroke={tokens.colorBrandStroke2} strokeWidth="4" strokeLinecap="round" />
      <text x="167" y="96" textAnchor="middle" fontSize="34" fontWeight="700" fill={tokens.colorBrandForeground1}>
        404
      </text>
      <circle cx="186" cy="46" r="20" fill="none" stroke={tokens.colorNeutralForeground3} strokeWidth="5" />
      <path d="M200 60 L220 80" stroke={tokens.colorNeutralForeground3} strokeWidth="7" strokeLinecap="round" />
    </svg>
  );
}

/** /404: shown for unknown paths. */
export default function NotFoundView() {
  usePageTitle('页面不存在');
  return (
    <section className="xt-not-found" aria-labelledby="not-found-title">
      <NotFoundIllustration className="xt-not-found__illustration" />
      <Title2 as="h1" id="not-found-title">
        页面不存在或已被删除
      </Title2>
      <Body1 as="p" className="xt-not-found__hint">
        您访问的页面可能已下线、链接已过期，或地址输入有误。可以返回首页，或看看正在热招的课程。
      </Body1>
      <div className="xt-not-found__actions">
        <RouterLink href={paths.home()} asChild>
          <Button as="a" appearance="primary" size="large">
            返回首页
          </Button>
        </RouterLink>
        <RouterLink href={paths.proCourses()} asChild>
          <Button as="a" size="large">
            浏览课程
          </Button>
        </RouterLink>
      </div>
    </section>
  );
}
