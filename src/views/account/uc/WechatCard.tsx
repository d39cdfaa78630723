import { Button } from '@fluentui/react-components';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import type { WeChatBindStatus } from '../../../domain/account/contract';
import { wechatBindMachine, type WechatReturn } from '../../../machines/account/wechatBind.machine';
import { useEmitted } from '../../shared/useEmitted';
import { ConfirmDialog } from '../../shared/ConfirmDialog';

/** The ?code&state WeChat (or its sandbox) appends when it sends the browser back here. */
function readReturn(search: string): WechatReturn | null {
  const query = new URLSearchParams(search);
  const code = query.get('code');
  const state = query.get('state');
  return code && state ? { code, state } : null;
}

/** 微信账号: bind status (as the page loaded it), bind by QR code, unbind after confirming (wechatBind.machine). */
export function WechatCard({ status: loaded }: { status: WeChatBindStatus }) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  // Read once: the machine takes the return on start, and the address is cleaned afterwards.
  const [returned] = useState(() => readReturn(search));
  const [snapshot, send, actor] = useFlow(wechatBindMachine, { input: { status: loaded, returned } });
  const { status, qrUrl } = snapshot.context;

  // The code is spent either way: drop ?code&state so a reload does not try it again.
  useEmitted(actor, 'returnHandled', () => navigate(location, { replace: true }));

  const busy = !snapshot.matches('ready');
  let statusText = status.bound ? `已绑定：${status.nickname ?? ''}` : '未绑定';
  if (snapshot.matches('checkingReturn') || snapshot.matches('binding')) statusText = '正在绑定微信…';

  return (
    <section className="xt-card" aria-labelledby="card-wechat">
      <div className="xt-card__head">
        <div>
          <h2 className="xt-card__title" id="card-wechat">
            微信账号
          </h2>
          <span className="xt-card__status" data-testid="wechat-status">
            {statusText}
          </span>
        </div>
        {!busy && !status.bound && !snapshot.matches({ ready: 'showingQr' }) && (
          <Button appearance="primary" disabled={snapshot.matches({ ready: 'fetchingConfig' })} onClick={() => send({ type: 'BIND' })}>
            绑定微信
          </Button>
        )}
        {!busy && status.bound && <Button onClick={() => send({ type: 'UNBIND' })}>解除绑定</Button>}
      </div>

      {snapshot.matches({ ready: 'showingQr' }) && qrUrl && (
        <div className="xt-qr">
          <iframe src={qrUrl} title="微信扫码绑定" data-testid="wechat-qr" />
          <span className="xt-card__status">请使用微信扫描二维码完成绑定</span>
          <Button appearance="subtle" onClick={() => send({ type: 'CLOSE_QR' })}>
            取消
          </Button>
        </div>
      )}

      {(snapshot.matches({ ready: 'confirmingUnbind' }) || snapshot.matches({ ready: 'unbinding' })) && (
        <ConfirmDialog
          title="解除微信绑定"
          confirmLabel="解除绑定"
          busy={snapshot.matches({ ready: 'unbinding' })}
          onConfirm={() => send({ type: 'CONFIRM_UNBIND' })}
          onCancel={() => send({ type: 'CANCEL_UNBIND' })}
        >
          解除绑定后将无法使用该微信扫码登录，确定要解除吗？
        </ConfirmDialog>
      )}
    </section>
  );
}
