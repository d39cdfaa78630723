/** What the answering screen says about loading, saving and handing in. */
export const EXAM_TEXTS = {
  loadFailed: '试卷加载失败，请检查网络后重试',
  saveFailed: '网络异常，答案已保存在本机，恢复后自动上传',
  handInFailed: '交卷失败，答案已保存在本机，请检查网络后重试',
  allSaved: '答案已全部保存',
  saving: '正在保存…',
  /** n answers wait for the network. */
  unsaved: (n: number) => `${n}题答案未上传，已保存在本机，网络恢复后自动上传`,
  /** Opened from this device's copy without network, n answers waiting. */
  offlinePending: (n: number) => `离线作答中：${n}题答案已保存在本机，联网后自动同步`,
  /** Answers the server refused for good (they stay on this device, and are sent again when changed). */
  notAccepted: (n: number) => `${n}题答案未被接受，已停止上传`,
  refusedReason: (labels: readonly string[], reason: string) => `第${labels.join('、')}题的答案未被接受：${reason}`,
  notDurable: '当前浏览器无法在本机保存答案，请勿关闭或刷新页面',
  timeUp: '考试时间到，已自动交卷',
  confirmTitle: '确认交卷',
  confirmAllAnswered: '已全部作答，交卷后将不能修改答案。',
  confirmUnanswered: (labels: readonly string[]) =>
    `还有${labels.length}题未作答（第${labels.slice(0, 10).join('、')}${labels.length > 10 ? '等' : ''}题），确定交卷吗？`,
} as const;
