import { MODULE_NOT_FOUND_CODE } from '../../domain/shared/errors';
import { PAGE_OFFLINE_TEXTS as T } from '../../domain/shared/offline';
import { usePageTitle } from '../shared/usePageTitle';

/** Shown when a page's code cannot be loaded (e.g. an old tab after a new release). */
export function ModuleNotFoundView({ path }: { path: string }) {
  // Offline, a page whose code this device never loaded cannot open: say that, not "the site changed".
  const offline = !navigator.onLine;
  usePageTitle(offline ? T.title : '页面加载失败');
  return (
    <section className="xt-state" role="alert">
      <h1>{offline ? T.title : '页面加载失败'}</h1>
      <p>{offline ? T.body : '页面模块未找到，可能是网站刚刚更新或网络不稳定。请刷新页面后重试。'}</p>
      <p className="xt-error-code" data-testid="module-error-code">
        错误代码：{MODULE_NOT_FOUND_CODE} ({path})
      </p>
      <button type="button" className="xt-btn xt-btn--primary" onClick={() => window.location.reload()}>
        刷新页面
      </button>
    </section>
  );
}
