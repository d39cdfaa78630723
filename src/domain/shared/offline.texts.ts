/** The shell's foot line (issue 23): offline, or a new version to take (loaded with the line only). */
export const OFFLINE_TEXTS = {
  updateReady: '学途已更新到新版本，刷新页面即可使用',
  updateNow: '刷新',
  updateLater: '稍后',
  /** While the browser is offline. */
  offline: '当前处于离线状态：正在作答的试卷会保存在本机，联网后自动同步；其他页面需联网后使用',
} as const;
