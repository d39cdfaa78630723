import { useFlow } from '../../../app/AppContext';
import { type SecurityData, securityPageMachine } from '../../../machines/account/securityPage.machine';
import type { RouteViewProps } from '../../../routeTypes';
import { PageDataBody } from '../../shared/PageDataBody';
import { usePageTitle } from '../../shared/usePageTitle';
import { DevicesCard } from './DevicesCard';
import { MobileCard } from './MobileCard';
import { PasswordCard } from './PasswordCard';
import UserCentreLayout from '../../shared/uc/UserCentreLayout';
import { WechatCard } from './WechatCard';

/** 账号安全: the page's bind status (securityPage.machine), then the cards, each with its own machine; 登录设备 loads its own list. */
export default function SecurityView({ route }: RouteViewProps) {
  usePageTitle(route.title);
  const [page, send] = useFlow(securityPageMachine);
  return (
    <UserCentreLayout title="账号安全">
      <PageDataBody page={page} onRetry={() => send({ type: 'RETRY' })}>
        {(data) => <SecurityCards data={data} />}
      </PageDataBody>
    </UserCentreLayout>
  );
}

/** Login password, bound mobile and WeChat, started from the loaded bind status; then the devices signed in. */
function SecurityCards({ data }: { data: SecurityData }) {
  return (
    <div className="xt-cards">
      <PasswordCard hasPassword={data.hasPassword} />
      <MobileCard />
      <WechatCard status={data} />
      <DevicesCard />
    </div>
  );
}
