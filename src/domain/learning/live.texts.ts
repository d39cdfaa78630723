/** What the live chat panel says. */
export const LIVE_TEXTS = {
  title: '直播互动',
  connecting: '正在连接互动区…',
  reconnecting: '连接已断开，正在重新连接…',
  empty: '还没有人发言，来说第一句吧',
  placeholder: '说点什么…',
  send: '发送',
  sending: '发送中…',
  counter: (n: number, max: number) => `${n}/${max}`,
  tooLong: (max: number) => `发言最多${max}个字`,
  staff: '助教',
  me: '我',
  closedUpcoming: '直播开始后即可发言',
  closedReplay: '直播已结束，互动区仅供回看',
  wait: '发言太快了，请稍后再试',
} as const;
