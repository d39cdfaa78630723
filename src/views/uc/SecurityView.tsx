import type { RouteViewProps } from '../../routeTypes';
import { usePageTitle } from '../common/usePageTitle';
import { MobileCard } from './MobileCard';
import { PasswordCard } from './PasswordCard';
import UserCentreLayout from './UserCentreLayout';
import { WechatCard } from './WechatCard';

/** 账号安全: login password, bound mobile and WeChat, each card with its own machine. */
export default function SecurityView({ route }: RouteViewProps) {
  usePageTitle(route.title);
  return (
    <UserCentreLayout title="账号安全">
      <div className="xt-cards">
        <PasswordCard />
        <MobileCard />
        <WechatCard />
      </div>
    </UserCentreLayout>
  );
}
