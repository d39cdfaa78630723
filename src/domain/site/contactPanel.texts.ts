/** What the customer-service contact panel says (its own chunk, loaded on the first open). */
export const CONTACT_PANEL_TEXTS = {
  title: '联系客服',
  defaultTitle: '在线客服',
  loading: '客服信息加载中…',
  loadFailed: '客服信息加载失败',
  empty: '暂无客服联系方式，请稍后再试',
  scriptFailed: '在线客服暂时无法连接，您可以通过以下方式联系我们。',
  close: '关闭',
  labels: { phone: '客服电话', wechat: '客服微信', qq: '客服QQ', workTime: '工作时间', email: '邮箱' },
} as const;
