/** The foot line's words and buttons (NetworkNotices decides when it shows): its own chunk. */
import { applyUpdate } from '../../app/networkHooks';
import { OFFLINE_TEXTS as T } from '../../domain/shared/offline.texts';

export interface NetworkBannerProps {
  offline: boolean;
  offerUpdate: boolean;
  onLater: () => void;
}

export default function NetworkBanner({ offline, offerUpdate, onLater }: NetworkBannerProps) {
  return (
    <div className="xt-netline">
      {offline && (
        <p className="xt-netline__offline" role="status">
          {T.offline}
        </p>
      )}
      {offerUpdate && (
        <div className="xt-netline__update" role="status">
          <span>{T.updateReady}</span>
          <button type="button" className="xt-btn xt-btn--primary" onClick={applyUpdate}>
            {T.updateNow}
          </button>
          <button type="button" className="xt-btn" onClick={onLater}>
            {T.updateLater}
          </button>
        </div>
      )}
    </div>
  );
}
