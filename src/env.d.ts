/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

declare const __BUILD_MODE__: 'dev' | 'test' | 'uat' | 'prod';

interface ImportMetaEnv {
  readonly VITE_ENV_NAME?: string;
  readonly VITE_APP_ID?: string;
  /** Origin of the mobile site; empty means no mobile redirect. */
  readonly VITE_MOBILE_ORIGIN?: string;
  /** URL of the third-party customer-service chat script; empty means the local chat entry. */
  readonly VITE_CHAT_SCRIPT?: string;
}
