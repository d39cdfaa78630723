import { Button } from '@fluentui/react-components';
import { useLogout, useFlow } from '../../../app/AppContext';
import type { DeviceSession } from '../../../domain/account/contract';
import { DEVICE_TEXTS } from '../../../domain/account/devices.texts';
import { formatDateTime } from '../../../domain/shared/format';
import { deviceSessionsMachine } from '../../../machines/account/deviceSessions.machine';
import './devices.css';

/**
 * 登录设备: the account's live sessions (deviceSessions.machine), this device marked 本机 and first.
 * Another device is signed out from here; this one logs out as 退出登录 does.
 */
export function DevicesCard() {
  const [snapshot, send] = useFlow(deviceSessionsMachine);
  const logout = useLogout();
  const { sessions, error, signingOut } = snapshot.context;
  const busy = !snapshot.matches('loaded');
  // While the list loads again (after a sign-out) the previous one stays, marked busy.
  const showList = sessions.length > 0 && !snapshot.matches('failed');
  return (
    <section className="xt-card" aria-labelledby="card-devices" aria-busy={busy}>
      <div className="xt-card__head">
        <div>
          <h2 className="xt-card__title" id="card-devices">
            {DEVICE_TEXTS.cardTitle}
          </h2>
          <span className="xt-card__status">{DEVICE_TEXTS.cardHint}</span>
        </div>
      </div>
      {snapshot.matches('loading') && !showList && (
        <span className="xt-card__status" data-testid="devices-loading">
          {DEVICE_TEXTS.loading}
        </span>
      )}
      {snapshot.matches('failed') && (
        <div className="xt-devices__error" role="alert" data-testid="devices-error">
          <span>{error ?? DEVICE_TEXTS.loadFailed}</span>
          <Button onClick={() => send({ type: 'RETRY' })}>{DEVICE_TEXTS.retry}</Button>
        </div>
      )}
      {showList && (
        <ul className="xt-devices" aria-label={DEVICE_TEXTS.cardTitle}>
          {sessions.map((session) => (
            <DeviceItem
              key={session.id}
              session={session}
              disabled={busy}
              signingOut={signingOut === session.id}
              onSignOut={() => (session.current ? logout() : send({ type: 'SIGN_OUT', id: session.id }))}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function DeviceItem({ session, disabled, signingOut, onSignOut }: { session: DeviceSession; disabled: boolean; signingOut: boolean; onSignOut: () => void }) {
  const name = `${session.device} · ${session.browser}`;
  return (
    <li className="xt-device" aria-label={session.current ? `${name}（${DEVICE_TEXTS.current}）` : name} data-testid="device-session">
      <div className="xt-device__main">
        <span className="xt-device__name">
          {name}
          {session.current && <span className="xt-device__current">{DEVICE_TEXTS.current}</span>}
        </span>
        <dl className="xt-device__facts">
          <div>
            <dt>{DEVICE_TEXTS.place}</dt>
            <dd>{session.place}</dd>
          </div>
          <div>
            <dt>{DEVICE_TEXTS.lastActive}</dt>
            <dd>{formatDateTime(new Date(session.lastActiveAt))}</dd>
          </div>
          <div>
            <dt>{DEVICE_TEXTS.signedInAt}</dt>
            <dd>{formatDateTime(new Date(session.signedInAt))}</dd>
          </div>
        </dl>
      </div>
      <Button size="small" disabled={disabled} onClick={onSignOut}>
        {signingOut ? DEVICE_TEXTS.signingOut : session.current ? DEVICE_TEXTS.signOutCurrent : DEVICE_TEXTS.signOut}
      </Button>
    </li>
  );
}
