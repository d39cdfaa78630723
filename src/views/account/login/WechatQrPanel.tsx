import { useLocation } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import { LOGIN_TEXTS } from '../../../domain/account/texts';
import { wechatQrLoginMachine, type WechatQrLoginEmitted } from '../../../machines/account/wechatQrLogin.machine';
import { Spinner } from '../../shared/LoadState';
import { useEmitted } from '../../shared/useEmitted';

interface WechatQrPanelProps {
  /** Where to go after the login; stored with the QR's state for WeChat's round trip. */
  redirect: string;
  /** WeChat's code and state when the page was opened by WeChat's redirect. */
  callback?: { code: string; state: string } | undefined;
}

/** The WeChat QR (WeChat's own page, or the local sandbox, in a frame) and the code exchange. */
export function WechatQrPanel({ redirect, callback }: WechatQrPanelProps) {
  const [, navigate] = useLocation();
  const [snapshot, , actor] = useFlow(wechatQrLoginMachine, { input: { redirect, code: callback?.code, state: callback?.state } });
  useEmitted<Extract<WechatQrLoginEmitted, { type: 'bindRequired' }>>(actor, 'bindRequired', (e) => navigate(e.path, { replace: true }));
  const { qrUrl, notice } = snapshot.context;
  const refresh = () => actor.send({ type: 'REFRESH' });

  let body;
  if (snapshot.matches('exchanging') || snapshot.matches('loggedIn') || snapshot.matches('bindRequired')) body = <Spinner label={LOGIN_TEXTS.wxExchanging} />;
  else if (snapshot.matches('loadingQr')) body = <Spinner label="二维码加载中…" />;
  else if (snapshot.matches('expired') || snapshot.matches('failed')) {
    body = (
      <button type="button" className="xt-qr__expired xt-linkbtn" onClick={refresh} data-testid="qr-refresh">
        {snapshot.matches('expired') ? LOGIN_TEXTS.wxQrExpired : LOGIN_TEXTS.wxQrFailed}
      </button>
    );
  } else {
    body = (
      <>
        {qrUrl && (
          <iframe
            className="xt-qr__frame"
            src={qrUrl}
            title="微信扫码登录"
            // WeChat's page navigates this whole tab back to /uc/login?code&state after the scan.
            sandbox="allow-scripts allow-same-origin allow-top-navigation"
            data-testid="wechat-qr"
          />
        )}
        <button type="button" className="xt-linkbtn" onClick={refresh} data-testid="qr-refresh">
          刷新二维码
        </button>
      </>
    );
  }
  return (
    <div className="xt-qr" data-testid="wechat-panel">
      {notice && (
        <p className="xt-qr__notice" role="alert">
          {notice}
        </p>
      )}
      {body}
    </div>
  );
}
