import { MODULE_NOT_FOUND_CODE } from '../../domain/shared/errors';
import { usePageTitle } from '../shared/usePageTitle';

/** Shown when a page's code cannot be loaded (e.g. an old tab after a new release). */
export function ModuleNotFoundView({ path }: { path: string }) {
  usePageTitle('页面加载失败');
  return (
    <section className="xt-state" role="alert">
      <h1>页面加载失败</h1>
      <p>页面模块未找到，可能是网站刚刚更新或网络不稳定。请刷新页面后重试。</p>
      <p className="xt-error-code" data-testid="module-error-code">
        错误代码：{MODULE_NOT_FOUND_CODE} ({path})
      </p>
      <button type="button" className="xt-btn xt-btn--primary" onClick={() => window.location.reload()}>
        刷新页面
      </button>
    </section>
  );
}
