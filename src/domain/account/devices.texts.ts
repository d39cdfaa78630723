/** The device limit and the session list (账号安全 → 登录设备): screen texts and the message the server sends. */

export const DEVICE_TEXTS = {
  /** The 401's message for a session a newer login ended (the device limit); the login page shows it. */
  replaced: '您的账号已在其他设备登录',
  cardTitle: '登录设备',
  cardHint: '以下是当前登录您账号的设备。如有陌生设备，请将其下线并修改密码。',
  loading: '加载中…',
  loadFailed: '登录设备加载失败',
  retry: '重新加载',
  current: '本机',
  signOut: '下线',
  signOutCurrent: '退出登录',
  signingOut: '下线中…',
  signedOut: '已将该设备下线',
  lastActive: '最近活跃',
  signedInAt: '登录时间',
  place: '登录地点',
  phone: '手机',
  tablet: '平板',
  computer: '电脑',
  ourApp: '学途 App',
  unknownDevice: '未知设备',
  unknownBrowser: '未知浏览器',
  unknownPlace: '未知',
} as const;
