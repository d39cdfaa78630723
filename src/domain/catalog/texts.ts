/** The catalogue's Chinese messages, sent by the server and shown as they are. */
export const CATALOG_TEXTS = {
  courseNotFound: '课程不存在或已下架',
  catalogueNotFound: '目录不存在',
  ebookNotFound: '电子书不存在或已下架',
  resourceNotFound: '资料不存在或已下架',
  resourceNotFree: '该资料为课程学员专享，请购买相关课程后在学习中心下载',
  downloadTooFrequent: '下载过于频繁，请稍后再试',
  /** A sealed request that does not open with the server's key (stale key, not our client). */
  sealedRequestInvalid: '请求已失效，请刷新页面后重试',
  downloadLinkExpired: '下载链接已失效，请重新获取',
  noAdvisor: '暂无学习顾问，请拨打客服电话咨询',
} as const;
