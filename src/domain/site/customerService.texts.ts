/** What the floating customer-service button says (in every page's first download: keep it short). */
export const CUSTOMER_SERVICE_TEXTS = {
  /** The button's caption, and its accessible name at rest and while the chat loads. */
  button: '客服',
  buttonLabel: '联系在线客服',
  buttonLoading: '正在连接在线客服…',
} as const;
