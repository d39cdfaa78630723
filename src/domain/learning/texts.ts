/** The learning area's server messages (Chinese): what a refused call says. */
export const LEARNING_TEXTS = {
  courseNotFound: '课程不存在或已下架',
  coursewareNotFound: '课件不存在',
  notOwned: '请先购买或激活课程后再学习',
  ticketInvalid: '学习记录无效，请刷新页面后重试',
  tooMuchTime: '学习时长异常，本次记录未被采纳',
  mediaLinkInvalid: '播放地址已失效，请刷新页面',
  noMedia: '该课件暂无可播放的内容',
  liveNotOpen: '直播尚未开始或已结束，暂不能发言',
  liveMuted: '你已被禁言，暂时不能发言',
  liveTooFast: '发言太快了，请稍后再试',
  liveEmpty: '请输入发言内容',
} as const;
